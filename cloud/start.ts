import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createCloud } from "./app";
import { openDb } from "./db/client";
import { seed } from "./seed";
import { createDelivery, webhookSms } from "./lib/delivery";
import type { CloudConfig } from "./lib/context";

export type CloudOptions = {
  port: number;
  /** Loopback only: the console is the built-in cloud's one client. */
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  config?: Partial<CloudConfig>;
};

/** `DATA_DIR` holds the embedded database (`pglite/`) and the uploads (`files/`), as the README says. */
const dataDir = () => process.env.DATA_DIR || ".data";

export function cloudConfig(overrides: Partial<CloudConfig> = {}): CloudConfig {
  return {
    product: process.env.CLOUD_PRODUCT || "iot",
    filesDir: process.env.FILES_DIR || join(dataDir(), "files"),
    tokenTtlMs: 12 * 3600_000,
    ...overrides,
  };
}

/** Opens the database, migrates, seeds on first start and serves the cloud. */
export async function startCloud(opts: CloudOptions) {
  const handle = await openDb({ url: opts.databaseUrl, dataDir: opts.dataDir ?? join(dataDir(), "pglite") });
  if (await seed(handle.db)) console.log("[cloud] seeded the platform tenant, the demo tenant and the demo accounts");
  const app = createCloud({
    db: handle.db,
    config: cloudConfig(opts.config),
    delivery: createDelivery({ db: handle.db, smtpUrl: process.env.SMTP_URL, smtpFrom: process.env.SMTP_FROM, sms: process.env.SMS_WEBHOOK_URL ? webhookSms(process.env.SMS_WEBHOOK_URL) : undefined }),
    now: () => new Date(),
  });
  const host = opts.host ?? "127.0.0.1";
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  return {
    url: `http://${host}:${port}`,
    port,
    app,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
    },
  };
}
