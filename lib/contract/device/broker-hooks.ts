import { z } from "zod";
import { defineCall } from "../call";

/**
 * EMQX 5's HTTP authentication and authorization hooks, served by the cloud so an external EMQX
 * keeps each device to its own topics with the platform's credentials (docs/deploy.md). EMQX posts
 * the JSON its request template makes (the field names below) with the shared secret in
 * `BROKER_HOOK_HEADER`; the answer is EMQX's own shape, not the envelope.
 */
export const BROKER_HOOK_HEADER = "x-broker-secret";

const text = (max: number) => z.string().max(max).optional().default("");
const result = z.enum(["allow", "deny", "ignore"]);

export const brokerLoginInput = z.object({ clientid: text(256), username: text(256), password: text(1024) });
export const brokerLoginAnswer = z.object({
  result,
  is_superuser: z.boolean(),
  /** EMQX 5.7+: kept on the session; `secret` (a fingerprint of the secret it logged in with) comes back with each authorization. */
  client_attrs: z.record(z.string(), z.string()).optional(),
});
export const brokerAccessInput = z.object({
  clientid: text(256),
  username: text(256),
  topic: z.string().min(1, "validation.required").max(65535, "validation.maxLength"),
  action: z.enum(["publish", "subscribe"], { error: "validation.invalidOption" }),
  /** `${client_attrs.secret}`: a session that logged in with a secret since replaced is refused (empty when EMQX has no client attributes). */
  secret: text(64),
});
export const brokerAccessAnswer = z.object({ result });
export type BrokerLoginAnswer = z.infer<typeof brokerLoginAnswer>;
export type BrokerAccessAnswer = z.infer<typeof brokerAccessAnswer>;

export const brokerHookApi = {
  login: defineCall({ kind: "post", path: "comm/mqtt/auth", input: brokerLoginInput, answer: brokerLoginAnswer, access: "broker" }),
  access: defineCall({ kind: "post", path: "comm/mqtt/acl", input: brokerAccessInput, answer: brokerAccessAnswer, access: "broker" }),
};
