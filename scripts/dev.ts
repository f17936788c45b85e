/** `npm run dev`: the same one-process server with hot reload. */
Object.assign(process.env, { NODE_ENV: "development" });
await import("../server");

export {};
