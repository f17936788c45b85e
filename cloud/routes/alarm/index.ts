import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { levelRoutes } from "./level";
import { linkRoutes } from "./link";
import { linkGroupRoutes } from "./link-group";
import { alarmLinesRoutes, ruleRoutes } from "./rule";
import { coreRoutes } from "./core";
import type { Served } from "../../lib/serve";

// The charts' alarm lines go before the rules' router, which needs a chosen project.
export const alarmRoutes = new Hono<CloudEnv>().route("/level", levelRoutes).route("/link", linkRoutes).route("/linkGroup", linkGroupRoutes).route("/rule", alarmLinesRoutes).route("/rule", ruleRoutes).route("/core", coreRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const alarmServed: Served[] = [];
