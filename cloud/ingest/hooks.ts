import { CLOUD_FILTERS, DOWN_CHANNELS, TOPIC_ROOT, devicePrefix, parseUpTopic } from "@/lib/contract/device/topics";
import type { BrokerAccessAnswer, BrokerLoginAnswer } from "@/lib/contract/device/broker-hooks";
import { sameSecret } from "../lib/crypto";
import { mayConnect, secretFingerprint, type Ingest } from "./pipeline";

/**
 * What an external EMQX asks the cloud through its HTTP hooks: may this client log in, may it
 * publish or subscribe to this topic. Devices follow the embedded broker's rules (the ingest's
 * login check; their own upward channels to publish, their own prefix to subscribe under); the
 * cloud's own account (the one in `MQTT_URL`) takes its shared subscription and sends commands.
 */

/** The cloud's own broker account, from the URL it connects with; null when it has none. */
export function cloudAccount(mqttUrl: string | undefined): { username: string; password: string } | null {
  if (!mqttUrl) return null;
  const u = new URL(mqttUrl);
  return u.username ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : null;
}

const allow = (ok: boolean): "allow" | "deny" => (ok ? "allow" : "deny");

/** `$share/{group}/{filter}` → `{filter}` (EMQX 5 strips the prefix itself; an older one may not). */
const unshared = (topic: string) => (topic.startsWith("$share/") ? topic.split("/").slice(2).join("/") : topic);

export async function brokerLogin(ingest: Ingest, cloud: { username: string; password: string } | null, q: { username: string; password: string }): Promise<BrokerLoginAnswer> {
  if (cloud && q.username === cloud.username) return { result: allow(sameSecret(q.password, cloud.password)), is_superuser: false };
  if (!q.username) return { result: "deny", is_superuser: false };
  const device = await ingest.authenticate(q.username, q.password);
  return device ? { result: "allow", is_superuser: false, client_attrs: { secret: secretFingerprint(device.secretHash) } } : { result: "deny", is_superuser: false };
}

export async function brokerAccess(
  ingest: Ingest,
  cloud: { username: string } | null,
  q: { username: string; topic: string; action: "publish" | "subscribe"; secret: string },
): Promise<BrokerAccessAnswer> {
  if (cloud && q.username === cloud.username) {
    if (q.action === "subscribe") return { result: allow((CLOUD_FILTERS as string[]).includes(unshared(q.topic))) };
    const parts = q.topic.split("/");
    return { result: allow(parts.length === 5 && parts[0] === TOPIC_ROOT && !/[+#]/.test(q.topic) && (DOWN_CHANNELS as readonly string[]).includes(`${parts[3]}/${parts[4]}`)) };
  }
  const device = q.username ? await ingest.catalog.device(q.username) : null;
  const product = device && (await ingest.catalog.product(device.productId));
  // Disabled or deleted since it logged in, or logged in with a secret since replaced: refused at once.
  if (!device || !mayConnect(device, product) || (q.secret && q.secret !== secretFingerprint(device.secretHash))) return { result: "deny" };
  if (q.action === "publish") {
    const up = parseUpTopic(q.topic);
    return { result: allow(!!up && up.sn === device.sn && up.productId === device.productId) };
  }
  return { result: allow(unshared(q.topic).startsWith(devicePrefix(device.productId, device.sn))) };
}
