import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { concreteRoutes } from "./concrete";
import { connectRoutes } from "./connect";
import { debugRoutes } from "./debug";
import { ingestRoutes } from "./ingest";
import { instructRoutes } from "./instruct";
import type { Served } from "../../lib/serve";

export const commRoutes = new Hono<CloudEnv>().route("/connect", connectRoutes).route("/ingest", ingestRoutes)
  .route("/debug", debugRoutes)
  .route("/concrete", concreteRoutes)
  // instruct{product} (core §7): instructIot for the default product
  .route("/:instruct{instruct[A-Za-z]*}", instructRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const commServed: Served[] = [];
