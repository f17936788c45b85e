import type { Served } from "../../lib/serve";
import { itemServed } from "./item";
import { planServed } from "./plan";
import { recordServed } from "./record";
import { taskServed } from "./task";
import { pointServed, trackServed } from "./track";

/** Inspection robots (stat service, core §7): tracks, points, items, plans, tasks, records and statistics. */
export const robotServed: Served[] = [...trackServed, ...pointServed, ...itemServed, ...planServed, ...taskServed, ...recordServed];
