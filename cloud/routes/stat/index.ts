import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { devOperationMonitoringRoutes } from "./dev-operation-monitoring";
import { homeRoutes } from "./home";

export const statRoutes = new Hono<CloudEnv>().route("/devOperationMonitoring", devOperationMonitoringRoutes).route("/home", homeRoutes);
