/** `npm run dev`: the same one-process server with hot reload. */
Object.assign(process.env, { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "development" });
await import("../server");

export {};
