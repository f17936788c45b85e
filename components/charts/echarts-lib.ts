/**
 * The ECharts the console draws with: the core and only the series and components its charts use
 * (234 KB gzip instead of the whole build's 375 KB). A chart option using anything else draws
 * nothing of it in production — `echarts-lib.test.ts` checks every option source against the lists
 * of `echarts-series.ts` and `echarts-components.ts`.
 *
 * It loads in parts, each evaluated and registered in a task of its own (issue 41, total blocking
 * time): evaluating the whole library at once was one task of 0.1–0.3 s before the first chart.
 */
type Lib = Pick<typeof import("./echarts-core"), "connect" | "init">;

let loading: Promise<Lib> | null = null;

/** A task of its own for what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function load(): Promise<Lib> {
  const core = await import("./echarts-core");
  await nextTask();
  core.use([core.RENDERER]);
  const { SERIES } = await import("./echarts-series");
  await nextTask();
  core.use(Object.values(SERIES));
  await nextTask();
  const { COMPONENTS } = await import("./echarts-components");
  await nextTask();
  core.use(Object.values(COMPONENTS));
  return core;
}

/** ECharts, ready to draw: loaded once (a failed load is tried again by the next chart). */
export function loadECharts(): Promise<Lib> {
  loading ??= load().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
