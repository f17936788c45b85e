import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { devOperationMonitoringRoutes } from "./dev-operation-monitoring";
import { monitorScreenRoutes } from "./monitor-screen";
import { monitorScreenPointRoutes } from "./monitor-screen-points";

// The building screen's point calls first: their own checks (a project) answer before the global screens' menu check.
export const statRoutes = new Hono<CloudEnv>()
  .route("/devOperationMonitoring", devOperationMonitoringRoutes)
  .route("/monitorScreen", monitorScreenPointRoutes)
  .route("/monitorScreen", monitorScreenRoutes);
