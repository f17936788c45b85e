import { stationServed } from "./inbox";
import { todoServed } from "./todo";
import { templateServed } from "./template";
import type { Served } from "../../lib/serve";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const msgServed: Served[] = [...stationServed, ...todoServed, ...templateServed];
