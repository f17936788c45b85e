import type { EngineClick, EngineTip, FromEngine, PointerName, ToEngine } from "./chart-engine";

/**
 * The page's side of the chart worker (`chart-engine`): one worker for every chart of the page,
 * started with the first (or by `startChartWorker`, so ECharts loads beside a screen's data).
 */

/** What a chart hears back from the worker. */
export type ChartListener = { click(c: EngineClick): void; tip(t: EngineTip | null): void; cursor(c: string): void; failed(): void };

/** A chart drawn in the worker, as the page drives it. */
export type WorkerChart = {
  option(option: unknown, notMerge: boolean): void;
  resize(width: number, height: number): void;
  pointer(name: PointerName, x: number, y: number, wheelDelta?: number): void;
  dispose(): void;
};

let worker: Worker | null = null;
/** The worker could not start (its script failed to load): every chart says so. */
let broken = false;
const listeners = new Map<number, ChartListener>();
let lastId = 0;

/** Whether this browser can hand a canvas to a worker. */
export const canDrawInWorker = () => typeof Worker !== "undefined" && typeof HTMLCanvasElement !== "undefined" && "transferControlToOffscreen" in HTMLCanvasElement.prototype;

function chartWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./engine-worker.ts", import.meta.url));
    worker.onmessage = (e: MessageEvent<FromEngine>) => {
      const m = e.data;
      const on = listeners.get(m.id);
      if (!on) return;
      if (m.type === "click") on.click(m.click);
      else if (m.type === "tip") on.tip(m.tip);
      else if (m.type === "cursor") on.cursor(m.cursor);
      else on.failed();
    };
    worker.onerror = () => {
      broken = true;
      for (const on of listeners.values()) on.failed();
    };
  }
  return worker;
}

/** Starts the worker (and its ECharts) before a chart needs it. */
export function startChartWorker(): void {
  if (canDrawInWorker()) chartWorker();
}

/** Hands `canvas` to the worker as a new chart of `width` × `height` CSS pixels. */
export function drawInWorker(canvas: HTMLCanvasElement, init: { width: number; height: number; dpr: number; dark: boolean; group?: string }, on: ChartListener): WorkerChart {
  const id = ++lastId;
  const w = chartWorker();
  const send = (m: ToEngine, transfer: Transferable[] = []) => w.postMessage(m, transfer);
  listeners.set(id, on);
  if (broken) queueMicrotask(() => on.failed());
  const offscreen = canvas.transferControlToOffscreen();
  send({ type: "init", id, canvas: offscreen, ...init }, [offscreen]);
  return {
    option: (option, notMerge) => send({ type: "option", id, option, notMerge }),
    resize: (width, height) => send({ type: "resize", id, width, height }),
    pointer: (name, x, y, wheelDelta) => send({ type: "pointer", id, name, x, y, wheelDelta }),
    dispose: () => {
      listeners.delete(id);
      send({ type: "dispose", id });
    },
  };
}
