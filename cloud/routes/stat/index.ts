import { devManageStatServed } from "./dev-manage-stat";
import { devOperationMonitoringServed } from "./dev-operation-monitoring";
import { homeServed } from "./home";
import { monitorScreenServed } from "./monitor-screen";
import { monitorScreenPointServed } from "./monitor-screen-points";
import { rionDipAngleServed } from "./rion-dip-angle";
import { robotServed } from "../robot";
import { reportServed } from "./report";
import { customPageServed } from "./custom-page";
import type { Served } from "../../lib/serve";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const statServed: Served[] = [...devOperationMonitoringServed, ...rionDipAngleServed, ...devManageStatServed, ...homeServed, ...monitorScreenServed, ...monitorScreenPointServed, ...robotServed, ...reportServed, ...customPageServed];
