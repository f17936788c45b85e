import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { configRoutes, logRoutes } from "./config";
import type { Served } from "../../lib/serve";

export const pushRoutes = new Hono<CloudEnv>().route("/pushConfig", configRoutes).route("/pushConfig", logRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const pushServed: Served[] = [];
