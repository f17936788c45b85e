import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import type { Served } from "../../lib/serve";
import { objConnectServed, prodConnectServed } from "./connect-links";
import { deviceAdminRoutes, deviceCrudRoutes } from "./device";
import { batteryRoutes } from "./battery";
import { betonRuleRoutes } from "./beton-rule";
import { buildInfoRoutes } from "./build-info";
import { deviceOpsRoutes } from "./device-ops";
import { objFunctionServed } from "./obj-function";
import { objModelServed, objProdServed } from "./obj-model";
import { pointGroupRoutes } from "./point-group";
import { deviceConfigRoutes } from "./device-config";
import { prodCopyServed } from "./prod-copy";
import { prodFunctionServed } from "./prod-function";
import { deviceDataRoutes, deviceDataServed } from "./device-data";
import { productServed } from "./product";
import { projectServed } from "./project";
import { spaceServed } from "./space";
import { linkageLogRoutes, linkageRoutes } from "./linkage";
import { devPointScreenRoutes, devSceneModelRoutes, sceneDeviceRoutes, sceneRoutes } from "./scene";

export const deviceRoutes = new Hono<CloudEnv>()
  // pageAdmin, the device data and the commands (deviceRest, deviceInit, deviceLaserOn, getCycleData,
  // setCycleData) first: they answer before the project the other device routes require is asked for.
  .route("/device", deviceAdminRoutes)
  .route("/pointGroup", pointGroupRoutes)
  .route("/deviceConfig", deviceConfigRoutes)
  .route("/device", deviceDataRoutes)
  .route("/device", deviceOpsRoutes)
  .route("/buildInfo", buildInfoRoutes)
  .route("/betonRule", betonRuleRoutes)
  .route("/linkage", linkageRoutes)
  .route("/linkage", linkageLogRoutes)
  .route("/scene", sceneRoutes)
  .route("/sceneDevice", sceneDeviceRoutes)
  .route("/devSceneModel", devSceneModelRoutes)
  .route("/device", devPointScreenRoutes)
  .route("/device", deviceCrudRoutes);

/** Projects, spaces and the product catalogue (products, functions, object models, connections, copies). */
const productSetServed: Served[] = [...projectServed, ...spaceServed, ...productServed, ...prodFunctionServed, ...objFunctionServed, ...objModelServed, ...objProdServed, ...prodConnectServed, ...objConnectServed, ...prodCopyServed];

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const deviceServed: Served[] = [...batteryRoutes, ...deviceDataServed, ...productSetServed];
