import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { configRoutes, logRoutes } from "./config";

export const pushRoutes = new Hono<CloudEnv>().route("/pushConfig", configRoutes).route("/pushConfig", logRoutes);
