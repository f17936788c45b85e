import { levelServed } from "./level";
import { linkServed } from "./link";
import { linkGroupServed } from "./link-group";
import { ruleServed } from "./rule";
import { coreServed } from "./core";
import type { Served } from "../../lib/serve";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const alarmServed: Served[] = [...levelServed, ...linkServed, ...linkGroupServed, ...ruleServed, ...coreServed];
