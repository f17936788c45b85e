import { configServed } from "./config";
import type { Served } from "../../lib/serve";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const pushServed: Served[] = [...configServed];
