import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { devOperationMonitoringRoutes } from "./dev-operation-monitoring";
import { monitorScreenPointRoutes } from "./monitor-screen-points";

export const statRoutes = new Hono<CloudEnv>().route("/devOperationMonitoring", devOperationMonitoringRoutes)
  .route("/monitorScreen", monitorScreenPointRoutes);
