import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { devManageStatRoutes } from "./dev-manage-stat";
import { devOperationMonitoringRoutes } from "./dev-operation-monitoring";
import { homeRoutes } from "./home";
import { monitorScreenRoutes } from "./monitor-screen";
import { rionDipAngleRoutes } from "./rion-dip-angle";

export const statRoutes = new Hono<CloudEnv>()
  .route("/devOperationMonitoring", devOperationMonitoringRoutes)
  .route("/rionDipAngle", rionDipAngleRoutes)
  .route("/devManageStat", devManageStatRoutes)
  .route("/home", homeRoutes)
  .route("/monitorScreen", monitorScreenRoutes);
