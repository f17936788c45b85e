import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { streamParts } from "../lib/stream-parts";
import { DEMO, cookieHeader, signIn, withConsole } from "./console-server";

/**
 * `npm run bench:chat`: an assistant answer streamed from a fake OpenAI-compatible model on
 * loopback (`BENCH_TOKENS`, 500 tokens, one every `BENCH_TOKEN_MS`, 5 ms), read directly from the
 * built-in cloud and through the console's route handler, in alternating rounds (`BENCH_ROUNDS`, 3).
 * Prints the time to the first token and each token's lag (from the model writing it to the reader
 * getting it): p50 / p95 / max. Needs a production build (`npm run build`), which it serves with
 * its model configured (never a console at `BASE_URL`: its cloud would not know this model).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const CLOUD_PORT = PORT + 1;
const TOKENS = Number(process.env.BENCH_TOKENS ?? 500);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** When the fake model wrote each token of the answer being streamed. */
let written: number[] = [];

/** An OpenAI-compatible `chat/completions` that streams `TOKENS` tokens `tok<i> `, one per `TOKEN_MS`. */
function fakeModel(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      written = [];
      let i = 0;
      const next = () => {
        if (i === TOKENS || res.destroyed) {
          res.end("data: [DONE]\n\n");
          return;
        }
        written.push(performance.now());
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `tok${i} ` } }] })}\n\n`);
        i++;
        setTimeout(next, TOKEN_MS);
      };
      next();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

type Run = { first: number; lags: number[] };

/** One answer: the request's time to its first token, and every token's lag behind the model. */
async function answer(url: string, headers: Record<string, string>, sessionId: number): Promise<Run> {
  const start = performance.now();
  const res = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ sessionId, content: "settlement", model: "chat", attachments: [] }) });
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const lags: number[] = [];
  let first = -1;
  for await (const part of streamParts(res.body, "\n\n")) {
    const now = performance.now();
    const e = JSON.parse(part.slice(6)) as { type: string; text?: string; message?: string };
    if (e.type === "error") throw new Error(`${url}: ${e.message}`);
    if (e.type !== "delta") continue;
    if (first < 0) first = now - start;
    for (const m of e.text!.matchAll(/tok(\d+) /g)) lags.push(now - written[Number(m[1])]);
  }
  if (lags.length !== TOKENS) throw new Error(`${url}: ${lags.length} of ${TOKENS} tokens arrived`);
  return { first, lags };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summary(runs: Run[]) {
  const lags = runs.flatMap((r) => r.lags).sort((a, b) => a - b);
  return { first: median(runs.map((r) => r.first)), firsts: runs.map((r) => r.first.toFixed(1)).join(", "), p50: pct(lags, 50), p95: pct(lags, 95), max: lags.at(-1)! };
}

async function measure(base: string) {
  const cookie = cookieHeader(await signIn(base));
  const cloud = `http://127.0.0.1:${CLOUD_PORT}/iotCloud`;
  const login = await fetch(`${cloud}/sys/login/username`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const session = async (headers: Record<string, string>, url: string) =>
    ((await (await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json", origin: base }, body: JSON.stringify({ title: "bench" }) })).json()) as { data: { id: number } }).data.id;
  const viaConsole = { url: `${base}/api/file/ai/chat`, headers: { cookie, origin: base }, id: await session({ cookie }, `${base}/api/file/ai/sessions/add`) };
  const direct = { url: `${cloud}/file/ai/chat`, headers: { authorization: token }, id: await session({ authorization: token }, `${cloud}/file/ai/sessions/add`) };

  // A first answer each way warms both paths (JIT, connections); it is not counted.
  await answer(direct.url, direct.headers, direct.id);
  await answer(viaConsole.url, viaConsole.headers, viaConsole.id);
  const d: Run[] = [];
  const p: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    d.push(await answer(direct.url, direct.headers, direct.id));
    p.push(await answer(viaConsole.url, viaConsole.headers, viaConsole.id));
  }
  const ds = summary(d);
  const ps = summary(p);
  console.log(`${TOKENS} tokens, one per ${TOKEN_MS} ms, from a fake OpenAI-compatible model on loopback; ${ROUNDS} alternating rounds per path`);
  console.log("| path | first token (median; rounds) ms | token lag p50 / p95 / max ms |");
  console.log("|---|---|---|");
  console.log(`| direct to the cloud | ${ds.first.toFixed(1)} (${ds.firsts}) | ${ds.p50.toFixed(2)} / ${ds.p95.toFixed(2)} / ${ds.max.toFixed(1)} |`);
  console.log(`| through the console | ${ps.first.toFixed(1)} (${ps.firsts}) | ${ps.p50.toFixed(2)} / ${ps.p95.toFixed(2)} / ${ps.max.toFixed(1)} |`);
  console.log(`first token: console − direct = ${(ps.first - ds.first).toFixed(1)} ms (goal ≤ 10); token lag p95 through the console ${ps.p95.toFixed(2)} ms (goal ≤ 5)`);
}

async function main() {
  delete process.env.BASE_URL;
  const model = await fakeModel();
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  try {
    await withConsole("chat", PORT, measure, { env: { CLOUD_PORT: String(CLOUD_PORT), LLM_BASE_URL: modelUrl, LLM_API_KEY: "bench", SIMULATOR: "off" } });
  } finally {
    model.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
