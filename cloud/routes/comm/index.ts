import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { connectRoutes } from "./connect";

export const commRoutes = new Hono<CloudEnv>().route("/connect", connectRoutes);
