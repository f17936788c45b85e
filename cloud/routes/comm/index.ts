import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { concreteRoutes } from "./concrete";
import { connectRoutes } from "./connect";
import { debugRoutes } from "./debug";
import { ingestRoutes } from "./ingest";
import { instructRoutes } from "./instruct";

export const commRoutes = new Hono<CloudEnv>().route("/connect", connectRoutes).route("/ingest", ingestRoutes)
  .route("/debug", debugRoutes)
  .route("/concrete", concreteRoutes)
  // instruct{product} (core §7): instructIot for the default product
  .route("/:instruct{instruct[A-Za-z]*}", instructRoutes);
