import type { Served } from "../../lib/serve";
import { brokerHooksServed } from "./broker";
import { concreteServed } from "./concrete";
import { connectServed } from "./connect";
import { debugServed } from "./debug";
import { ingestServed } from "./ingest";
import { instructServed } from "./instruct";
import { liveServed } from "./live";
import { vidiconServed } from "./vidicon";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const commServed: Served[] = [...connectServed, ...ingestServed, ...brokerHooksServed, ...debugServed, ...concreteServed, ...instructServed, ...liveServed, ...vidiconServed];
