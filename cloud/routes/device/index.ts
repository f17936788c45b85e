import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { objConnectRoutes, prodConnectRoutes } from "./connect-links";
import { batteryRoutes } from "./battery";
import { betonRuleRoutes } from "./beton-rule";
import { buildInfoRoutes } from "./build-info";
import { deviceOpsRoutes } from "./device-ops";
import { objFunctionRoutes } from "./obj-function";
import { objModelRoutes, objProdRoutes } from "./obj-model";
import { prodCopyRoutes } from "./prod-copy";
import { prodFunctionRoutes } from "./prod-function";
import { productRoutes } from "./product";
import { projectRoutes } from "./project";

export const deviceRoutes = new Hono<CloudEnv>()
  .route("/project", projectRoutes)
  .route("/product", productRoutes)
  .route("/prodFunction", prodFunctionRoutes)
  .route("/objFunction", objFunctionRoutes)
  .route("/objModel", objModelRoutes)
  .route("/objProd", objProdRoutes)
  .route("/prodConnect", prodConnectRoutes)
  .route("/objConnect", objConnectRoutes)
  .route("/prodCopy", prodCopyRoutes)
  // deviceRest, deviceInit, deviceLaserOn, getCycleData, setCycleData beside the device routes
  .route("/device", deviceOpsRoutes)
  .route("/battery", batteryRoutes)
  .route("/buildInfo", buildInfoRoutes)
  .route("/betonRule", betonRuleRoutes);
