import { parentPort, workerData } from "node:worker_threads";
import { startCloud, type CloudOptions } from "./start";

/**
 * The built-in cloud on its own thread: the console's request handling and the cloud's database
 * work run on separate cores instead of queueing behind each other on one event loop.
 */
const port = parentPort!;
try {
  const cloud = await startCloud(workerData as CloudOptions);
  port.postMessage({ type: "ready", url: cloud.url });
  port.on("message", async (m: { type: string }) => {
    if (m.type !== "close") return;
    await cloud.close();
    port.postMessage({ type: "closed" });
  });
} catch (err) {
  port.postMessage({ type: "error", message: err instanceof Error ? err.stack ?? err.message : String(err) });
}
