/**
 * The root layout's inline script, run before first paint, ahead of the streamed page: the stored theme (next-themes'
 * key, which sets the same class later) and whether this is the login screen or a data screen, so the placeholder
 * looks like what follows instead of a white page.
 *
 * It also starts `public/intl-warm.js`, a worker whose first use of `Intl` loads ICU's data for the whole browser
 * process while the page's scripts download: otherwise the page's own first formatted message or time pays for it
 * (30–80 ms here) inside the task that hydrates the page (issue 41, blocking time).
 */
export const BEFORE_PAINT = `try{var d=document.documentElement;if(localStorage.getItem("theme")==="dark")d.classList.add("dark");var p=location.pathname;d.dataset.entry=p.indexOf("/login")===0?"login":["/globalDataScreen","/globalDataScreen1","/houseDataScreen"].indexOf(p)>=0?"screen":"console"}catch(e){}try{new Worker("/intl-warm.js")}catch(e){}`;
