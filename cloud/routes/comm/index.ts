import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { connectRoutes } from "./connect";
import { ingestRoutes } from "./ingest";

export const commRoutes = new Hono<CloudEnv>().route("/connect", connectRoutes).route("/ingest", ingestRoutes);
