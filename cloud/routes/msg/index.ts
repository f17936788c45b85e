import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { stationRoutes, todoRoutes } from "./inbox";
import { templateRoutes } from "./template";

export const msgRoutes = new Hono<CloudEnv>().route("/station", stationRoutes).route("/todo", todoRoutes).route("/template", templateRoutes);
