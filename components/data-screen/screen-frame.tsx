"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { displayZone } from "@/lib/format";
import { LanguageSwitch } from "@/components/app/language-switch";
import { cn } from "@/lib/utils";
import { DESIGN, fitDesign } from "./scale";
import { useLiveStatus, useScreen } from "./screen-context";

const ScaleContext = React.createContext(1);
/** The frame's current scale: charts draw their canvas at it, so 4K stays sharp. */
export const useScreenScale = () => React.useContext(ScaleContext);

function useFit(ref: React.RefObject<HTMLDivElement | null>) {
  const [fit, setFit] = React.useState<ReturnType<typeof fitDesign> | null>(null);
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setFit(fitDesign(el.clientWidth, el.clientHeight));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return fit;
}

function Clock() {
  const locale = useLocale();
  // Rendered after mount only: the server's time would not match the browser's.
  const [now, setNow] = React.useState<Date | null>(null);
  React.useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return <div className="h-14" />;
  return (
    <div className="leading-tight tabular-nums" data-testid="screen-clock">
      <div className="text-3xl font-semibold text-sky-100">{now.toLocaleTimeString(locale, { hour12: false, timeZone: displayZone() })}</div>
      <div className="text-base text-sky-300/80">{now.toLocaleDateString(locale, { year: "numeric", month: "2-digit", day: "2-digit", weekday: "long", timeZone: displayZone() })}</div>
    </div>
  );
}

/** Live, or reconnecting with the time of the last good answer (the data on screen is that old). */
function LiveBadge() {
  const t = useTranslations("dataScreen.frame");
  const locale = useLocale();
  const status = useLiveStatus();
  if (!status || status.lastOk === null && status.failing === 0) return null;
  const reconnecting = status.failing > 0;
  return (
    <div
      role="status"
      data-testid={reconnecting ? "screen-reconnecting" : "screen-live"}
      className={cn(
        "flex shrink-0 items-center gap-2 rounded-full border px-4 py-1.5 text-lg whitespace-nowrap",
        reconnecting ? "border-amber-400/60 bg-amber-500/15 text-amber-200" : "border-emerald-400/40 bg-emerald-500/10 text-emerald-200",
      )}
    >
      <span className={cn("size-2.5 rounded-full", reconnecting ? "animate-pulse bg-amber-400" : "bg-emerald-400")} />
      {reconnecting
        ? status.lastOk === null
          ? t("connecting")
          : t("reconnecting", { time: new Date(status.lastOk).toLocaleTimeString(locale, { hour12: false, timeZone: displayZone() }) })
        : t("live")}
    </div>
  );
}

/**
 * The frame of every data screen: a dark 1920×1080 design scaled to the viewport (4K, a TV, a
 * laptop), with the title, a clock, the project and the live / reconnecting state. The children
 * fill the body below the header (`DESIGN` minus the header's 96 px).
 */
export function ScreenFrame({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  const t = useTranslations("dataScreen.frame");
  const { project, projId, companyName } = useScreen();
  const box = React.useRef<HTMLDivElement>(null);
  const fit = useFit(box);
  return (
    <div ref={box} className="dark fixed inset-0 overflow-hidden bg-[#030a17] text-slate-100" data-testid={testId ?? "data-screen"}>
        <div
          className="absolute origin-top-left bg-[radial-gradient(ellipse_at_top,#0c2a4d_0%,#061327_55%,#030a17_100%)]"
          style={{ width: DESIGN.width, height: DESIGN.height, left: fit?.left ?? 0, top: fit?.top ?? 0, transform: `scale(${fit?.scale ?? 1})`, visibility: fit ? "visible" : "hidden" }}
        >
          <header className="relative flex h-24 items-center px-8">
            <div className="flex w-[560px] items-center gap-6">
              <Clock />
            </div>
            <div className="flex flex-1 flex-col items-center">
              <h1 className="bg-gradient-to-b from-white to-sky-300 bg-clip-text text-[44px] font-bold tracking-[0.06em] whitespace-nowrap text-transparent">{title}</h1>
              {companyName && <div className="text-base tracking-widest text-sky-300/70">{companyName}</div>}
            </div>
            <div className="flex w-[560px] items-center justify-end gap-4">
              <LiveBadge />
              <div className="min-w-0 truncate text-xl text-sky-100" data-testid="screen-project" title={project?.prjName}>
                {project ? project.prjName : projId === null ? t("noProject") : t("projectUnavailable")}
              </div>
              <LanguageSwitch />
            </div>
            <div className="pointer-events-none absolute inset-x-8 bottom-0 h-px bg-gradient-to-r from-transparent via-sky-400/70 to-transparent" />
          </header>
          <ScaleContext.Provider value={fit?.scale ?? 1}>
            <main className="h-[984px] p-6 pt-5">{children}</main>
          </ScaleContext.Provider>
        </div>
    </div>
  );
}
