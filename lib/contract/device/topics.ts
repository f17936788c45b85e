import { OTA_DOWN_CHANNELS, OTA_UP_CHANNELS } from "../ota/protocol";

/**
 * MQTT topics of a device: `iot/{productId}/{sn}/{channel}`. A device publishes the `up`
 * channels and subscribes to the `down` ones; the broker lets it touch nothing outside its own
 * `iot/{productId}/{sn}/` prefix. The HTTP ingest takes the same `up` channels as its last path
 * segments (`/{product}Cloud/comm/ingest/{productId}/{sn}/property/post`).
 *
 * Payloads (data format json):
 * - property/post `{"time": 1732450000000, "params": {"temperature": 21.5, "humidity": 60}}`
 *   (`time` optional, epoch ms or ISO 8601; the cloud's clock when absent)
 * - event/post    `{"time": …, "identifier": "overload", "params": {"value": 12.3}}`
 * - service/call  `{"id": "…", "identifier": "reboot", "params": {…}}` → service/reply `{"id": "…", "code": 200, "params": {…}}`
 * - property/set  `{"id": "…", "params": {"threshold": 30}}` → the device posts the new values
 * - cycle/set     `{"id": "…", "cycle": 600}` (seconds) → cycle/reply `{"id": "…", "cycle": 600}`
 * - ota/upgrade → ota/progress, ota/inform; ota/request (firmware upgrades, `lib/contract/ota/protocol.ts`)
 */
export const TOPIC_ROOT = "iot";

export const UP_CHANNELS = ["property/post", "event/post", "service/reply", "cycle/reply", ...OTA_UP_CHANNELS] as const;
export const DOWN_CHANNELS = ["property/set", "service/call", "cycle/set", ...OTA_DOWN_CHANNELS] as const;
export type UpChannel = (typeof UP_CHANNELS)[number];
export type DownChannel = (typeof DOWN_CHANNELS)[number];

/** The prefix every topic of one device starts with. */
export const devicePrefix = (productId: number | string, sn: string) => `${TOPIC_ROOT}/${productId}/${sn}/`;

export const deviceTopic = (productId: number | string, sn: string, channel: UpChannel | DownChannel) => `${devicePrefix(productId, sn)}${channel}`;

/** Every topic of a device, for the product and device pages. */
export function deviceTopics(productId: number | string, sn: string) {
  return {
    up: UP_CHANNELS.map((c) => ({ channel: c, topic: deviceTopic(productId, sn, c) })),
    down: DOWN_CHANNELS.map((c) => ({ channel: c, topic: deviceTopic(productId, sn, c) })),
  };
}

/** The same topics with `{sn}` in place of a device: what a product page shows. */
export const productTopics = (productId: number | string) => deviceTopics(productId, "{sn}");

export type ParsedTopic = { productId: number; sn: string; channel: UpChannel };

/** A product id as the cloud writes it; `013` or `13.0` would name the same product under another topic than an external broker's ACL allows. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2 ** 31 - 1;

/** A device's upward topic taken apart; null for anything else, including a product id not spelled canonically. */
export function parseUpTopic(topic: string): ParsedTopic | null {
  const parts = topic.split("/");
  if (parts.length !== 5 || parts[0] !== TOPIC_ROOT || !CANONICAL_ID.test(parts[1])) return null;
  const productId = Number(parts[1]);
  const channel = `${parts[3]}/${parts[4]}`;
  if (productId > MAX_ID || !parts[2] || !(UP_CHANNELS as readonly string[]).includes(channel)) return null;
  return { productId, sn: parts[2], channel: channel as UpChannel };
}

/** Filters the cloud subscribes to: every device's upward channels. */
export const CLOUD_FILTERS = UP_CHANNELS.map((c) => `${TOPIC_ROOT}/+/+/${c}`);
