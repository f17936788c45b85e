import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { projectRoutes } from "./project";

export const deviceRoutes = new Hono<CloudEnv>().route("/project", projectRoutes);
