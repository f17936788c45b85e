import type { Served } from "../../lib/serve";
import { objConnectServed, prodConnectServed } from "./connect-links";
import { deviceRowsServed } from "./device";
import { batteryRoutes } from "./battery";
import { betonRuleServed } from "./beton-rule";
import { buildInfoServed } from "./build-info";
import { deviceOpsServed } from "./device-ops";
import { objFunctionServed } from "./obj-function";
import { objModelServed, objProdServed } from "./obj-model";
import { pointGroupServed } from "./point-group";
import { deviceConfigServed } from "./device-config";
import { prodCopyServed } from "./prod-copy";
import { prodFunctionServed } from "./prod-function";
import { deviceDataServed } from "./device-data";
import { productServed } from "./product";
import { projectServed } from "./project";
import { spaceServed } from "./space";
import { linkageLogServed, linkageServed } from "./linkage";
import { scenesServed } from "./scene";
import { videoServed } from "./video";
import { otaServed } from "./ota";
import { robotControlServed } from "./robot-control";
import { simServed } from "./sim";

/** Projects, spaces and the product catalogue (products, functions, object models, connections, copies). */
const productSetServed: Served[] = [...projectServed, ...spaceServed, ...productServed, ...prodFunctionServed, ...objFunctionServed, ...objModelServed, ...objProdServed, ...prodConnectServed, ...objConnectServed, ...prodCopyServed];

/** Devices, their operations, points, configuration, construction, calibration, linkage and scenes. */
const devicesServed: Served[] = [...deviceRowsServed, ...deviceOpsServed, ...deviceConfigServed, ...pointGroupServed, ...buildInfoServed, ...betonRuleServed, ...linkageServed, ...linkageLogServed, ...scenesServed, ...videoServed, ...otaServed, ...robotControlServed];

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const deviceServed: Served[] = [...batteryRoutes, ...deviceDataServed, ...productSetServed, ...devicesServed, ...simServed];
