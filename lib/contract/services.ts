/** Services of the upstream contract (core §7): each under `{product}Cloud/{service}`; the console forwards these and the built-in cloud mounts those it implements. */
export const SERVICES = ["sys", "device", "comm", "stat", "alarm", "msg", "file", "push"] as const;
export type Service = (typeof SERVICES)[number];

/** The trend-curve call lives on its own host (core §7). */
export const TREND_SERVICE = "trend";
