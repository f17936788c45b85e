// Started by the root layout's first script (components/app/before-paint.ts). ICU, behind `Intl`, loads its locale and
// zone data once per browser process on first use: done here, on this worker's thread, the page's own first formatted
// message or time finds it ready instead of paying 30–80 ms inside the task that hydrates the page (issue 41).
new Intl.DateTimeFormat().format(0);
close();
