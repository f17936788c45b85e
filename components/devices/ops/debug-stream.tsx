"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ArrowDownLeft, ArrowUpRight, Pause, Play, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TabStrip } from "@/components/ui/tab-strip";
import { apiUrl } from "@/lib/api/fetcher";
import { debugApi, type DebugTraffic } from "@/lib/contract/device/debug";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

type Line = DebugTraffic & { seq: number };
type State = "connecting" | "live" | "reconnecting";

/** Messages kept on screen: enough to scroll back through a few minutes of a chatty device. */
const KEEP = 300;

const pretty = (payload: string) => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

/**
 * A device's live traffic, up and down, from the console's server-sent events (the cloud's
 * `debugApi.stream`, forwarded behind the session: the browser never talks to the broker).
 * Pause holds new messages back without losing them; clear empties the list; the filter matches
 * topic and payload; each message shows decoded (formatted JSON) or raw.
 */
export function DebugStream({ deviceId }: { deviceId: number }) {
  const t = useTranslations("deviceOps.debug");
  const [lines, setLines] = React.useState<Line[]>([]);
  const [held, setHeld] = React.useState<Line[]>([]);
  const [paused, setPaused] = React.useState(false);
  const [state, setState] = React.useState<State>("connecting");
  const [filter, setFilter] = React.useState("");
  const [dir, setDir] = React.useState<"all" | "up" | "down">("all");
  const [raw, setRaw] = React.useState(false);
  const pausedRef = React.useRef(paused);
  pausedRef.current = paused;

  React.useEffect(() => {
    let seq = 0;
    setLines([]);
    setHeld([]);
    setState("connecting");
    const source = new EventSource(apiUrl(debugApi.stream.path, { deviceId }));
    source.addEventListener("ready", () => setState("live"));
    source.addEventListener("traffic", (e) => {
      const line: Line = { ...(JSON.parse((e as MessageEvent<string>).data) as DebugTraffic), seq: ++seq };
      if (pausedRef.current) setHeld((h) => [line, ...h].slice(0, KEEP));
      else setLines((l) => [line, ...l].slice(0, KEEP));
    });
    // EventSource reconnects by itself (the stream ends every 100 s, or the network blinks).
    source.onerror = () => setState("reconnecting");
    return () => source.close();
  }, [deviceId]);

  const resume = () => {
    setLines((l) => [...held, ...l].slice(0, KEEP));
    setHeld([]);
    setPaused(false);
  };
  const needle = filter.trim().toLowerCase();
  const shown = lines.filter((l) => (dir === "all" || l.dir === dir) && (!needle || l.topic.toLowerCase().includes(needle) || l.payload.toLowerCase().includes(needle)));

  return (
    <section className="flex min-h-0 flex-col gap-2 rounded-md border p-3" aria-label={t("stream")} data-testid="debug-stream">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">{t("stream")}</h2>
        <Badge variant={state === "live" ? "success" : "warning"} data-testid="stream-state">
          {t(state)}
        </Badge>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <TabStrip value={dir} onChange={(v) => setDir(v as typeof dir)} items={(["all", "up", "down"] as const).map((d) => ({ name: d, label: t(d) }))} />
          <TabStrip value={raw ? "raw" : "decoded"} onChange={(v) => setRaw(v === "raw")} items={(["decoded", "raw"] as const).map((v) => ({ name: v, label: t(v) }))} />
          <Input className="h-8 w-52" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t("filter")} aria-label={t("filter")} />
          <Button size="sm" variant="outline" onClick={paused ? resume : () => setPaused(true)} data-testid="stream-pause">
            {paused ? <Play className="size-4" /> : <Pause className="size-4" />}
            {paused ? t("resume") : t("pause")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => (setLines([]), setHeld([]))}>
            <Trash2 className="size-4" />
            {t("clear")}
          </Button>
        </div>
      </div>
      {paused && <p className="text-xs text-warning">{t("paused", { count: held.length })}</p>}
      <ol className="max-h-[28rem] min-h-40 space-y-1 overflow-auto font-mono text-xs" data-testid="stream-lines">
        {shown.length === 0 && <li className="py-6 text-center font-sans text-sm text-muted-foreground">{t("waiting")}</li>}
        {shown.map((l) => (
          <li key={l.seq} className={cn("rounded border-l-2 bg-muted/40 px-2 py-1", l.dir === "up" ? "border-l-primary" : "border-l-warning", l.refused.length > 0 && "border-l-destructive")} data-dir={l.dir}>
            <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
              {l.dir === "up" ? <ArrowUpRight className="size-3.5 text-primary" aria-label={t("up")} /> : <ArrowDownLeft className="size-3.5 text-warning" aria-label={t("down")} />}
              <span className="tabular-nums">{formatDateTime(l.at)}</span>
              <span className="break-all text-foreground">{l.topic}</span>
              {l.refused.length > 0 && <span className="text-destructive">{t("refused", { reasons: l.refused.join(", ") })}</span>}
            </div>
            <pre className="mt-1 whitespace-pre-wrap break-all">{raw ? l.payload : pretty(l.payload)}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
