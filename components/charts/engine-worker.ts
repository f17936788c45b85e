import { setPlatformAPI } from "echarts/core";
import { chartEngine, type FromEngine, type ToEngine } from "./chart-engine";

// Text is measured on a canvas of the worker's own (there is no document to make one in).
setPlatformAPI({ createCanvas: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement });

const handle = chartEngine((m: FromEngine) => self.postMessage(m));
self.onmessage = (e: MessageEvent<ToEngine>) => handle(e.data);
