import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { stationRoutes } from "./inbox";
import { todoRoutes } from "./todo";
import { templateRoutes } from "./template";

export const msgRoutes = new Hono<CloudEnv>().route("/station", stationRoutes).route("/todo", todoRoutes).route("/template", templateRoutes);
