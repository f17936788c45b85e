import { brokerHookApi } from "@/lib/contract/device/broker-hooks";
import { brokerAccess, brokerLogin, cloudAccount } from "../../ingest/hooks";
import type { Ctx } from "../../lib/context";
import { serve } from "../../lib/serve";

/** Without a device channel nobody logs in: EMQX is told so rather than left to its next authenticator. */
const noChannel = (c: Ctx) => !c.var.deps.ingest;

/**
 * EMQX's HTTP authentication and authorization hooks (`comm/mqtt/auth`, `comm/mqtt/acl`): its own
 * answer shapes, behind the shared secret of `MQTT_HOOK_SECRET` (checked by the `broker` access).
 */
export const brokerHooksServed = [
  serve(brokerHookApi.login, async (c, q) => c.json(noChannel(c) ? { result: "deny", is_superuser: false } : await brokerLogin(c.var.deps.ingest!, cloudAccount(c.var.deps.mqttUrl), q))),
  serve(brokerHookApi.access, async (c, q) => c.json(noChannel(c) ? { result: "deny" } : await brokerAccess(c.var.deps.ingest!, cloudAccount(c.var.deps.mqttUrl), q))),
];
