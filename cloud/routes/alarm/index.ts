import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { levelRoutes } from "./level";
import { linkRoutes } from "./link";
import { linkGroupRoutes } from "./link-group";
import { ruleRoutes } from "./rule";
import { coreRoutes } from "./core";

export const alarmRoutes = new Hono<CloudEnv>().route("/level", levelRoutes).route("/link", linkRoutes).route("/linkGroup", linkGroupRoutes).route("/rule", ruleRoutes).route("/core", coreRoutes);
