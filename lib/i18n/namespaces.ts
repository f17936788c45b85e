import type { Locale } from "@/lib/contract/locale";

/** Message namespaces: one JSON per namespace under messages/{locale}/. Add a namespace here when
 *  a domain adds its file; the locale parity test checks both locales hold the same keys. */
const NAMESPACES = [
  "common",
  "login",
  "validation",
  "cloud",
  "widgets",
  "kit",
  "enums",
  "projects",
  "shell",
  "system",
  "maps",
  "product",
  "ingest",
  "devices",
  "monitoring",
  "deviceOps",
  "knowledge",
  "ai",
  "alarm",
  "home",
  "push",
  "report",
  "linkage",
  "dataScreen",
  "scene",
  "media",
  "robotControl",
  "video",
  "ota",
  "sim",
  "robot",
] as const;

/** Read by the cloud and the server alone (its answers, the ingest's reasons): not sent to the browser. */
const SERVER_ONLY = new Set<string>(["cloud", "ingest"]);

/** What the browser's provider carries: every namespace a client component may read. */
export function clientMessages(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).filter(([ns]) => !SERVER_ONLY.has(ns)));
}

export async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => [ns, (await import(`../../messages/${locale}/${ns}.json`)).default] as const),
  );
  return Object.fromEntries(entries);
}

/** A message by its dotted key (`deviceOps.battery.title`) in a locale's messages, when it is text. */
export async function messageLookup(locale: Locale): Promise<(key: string) => string | undefined> {
  const messages = await loadMessages(locale);
  return (key) => {
    const v = key.split(".").reduce<unknown>((node, k) => (node && typeof node === "object" ? (node as Record<string, unknown>)[k] : undefined), messages);
    return typeof v === "string" ? v : undefined;
  };
}
