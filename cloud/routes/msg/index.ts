import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { stationRoutes } from "./inbox";
import { todoRoutes } from "./todo";
import { templateRoutes } from "./template";
import type { Served } from "../../lib/serve";

export const msgRoutes = new Hono<CloudEnv>().route("/station", stationRoutes).route("/todo", todoRoutes).route("/template", templateRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const msgServed: Served[] = [];
