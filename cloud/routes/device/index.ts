import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import type { Served } from "../../lib/serve";
import { objConnectRoutes, prodConnectRoutes } from "./connect-links";
import { deviceRowsServed } from "./device";
import { batteryRoutes } from "./battery";
import { betonRuleServed } from "./beton-rule";
import { buildInfoServed } from "./build-info";
import { deviceOpsServed } from "./device-ops";
import { objFunctionRoutes } from "./obj-function";
import { objModelRoutes, objProdRoutes } from "./obj-model";
import { pointGroupServed } from "./point-group";
import { deviceConfigServed } from "./device-config";
import { prodCopyRoutes } from "./prod-copy";
import { prodFunctionRoutes } from "./prod-function";
import { deviceDataServed } from "./device-data";
import { productRoutes } from "./product";
import { projectRoutes } from "./project";
import { spaceRoutes } from "./space";
import { linkageLogServed, linkageServed } from "./linkage";
import { scenesServed } from "./scene";

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
  .route("/space", spaceRoutes);

/** Devices, their operations, points, configuration, construction, calibration, linkage and scenes: declared calls. */
const devicesServed: Served[] = [...deviceRowsServed, ...deviceOpsServed, ...deviceConfigServed, ...pointGroupServed, ...buildInfoServed, ...betonRuleServed, ...linkageServed, ...linkageLogServed, ...scenesServed];

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const deviceServed: Served[] = [...batteryRoutes, ...deviceDataServed, ...devicesServed];
