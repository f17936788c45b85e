import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { devManageStatRoutes } from "./dev-manage-stat";
import { devOperationMonitoringRoutes } from "./dev-operation-monitoring";
import { homeRoutes } from "./home";
import { monitorScreenRoutes } from "./monitor-screen";
import { monitorScreenPointRoutes } from "./monitor-screen-points";
import { rionDipAngleRoutes } from "./rion-dip-angle";
import type { Served } from "../../lib/serve";

// The building screen's point calls first: their own checks (a project) answer before the global screens' menu check.
export const statRoutes = new Hono<CloudEnv>()
  .route("/devOperationMonitoring", devOperationMonitoringRoutes)
  .route("/rionDipAngle", rionDipAngleRoutes)
  .route("/devManageStat", devManageStatRoutes)
  .route("/home", homeRoutes)
  .route("/monitorScreen", monitorScreenPointRoutes)
  .route("/monitorScreen", monitorScreenRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const statServed: Served[] = [];
