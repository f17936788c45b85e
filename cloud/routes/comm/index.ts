import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { ingestRoutes } from "./ingest";

export const commRoutes = new Hono<CloudEnv>().route("/ingest", ingestRoutes);
