"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { CopyLine, KitDialog } from "@/components/kit";
import { ingestPath } from "@/lib/contract/device/ingest";
import { deviceTopics } from "@/lib/contract/device/topics";
import { setShown, useShownCredentials } from "./credentials-store";

export function CredentialsDialog() {
  const t = useTranslations("devices.device.credentials");
  const c = useShownCredentials();
  if (!c) return null;
  const topics = deviceTopics(c.productId, c.deviceSn);
  const broker = c.broker ? `${c.broker.host}:${c.broker.port}` : t("noBroker");
  // The product's properties with plausible values: pasted as it is, the example stores a value.
  const payload = JSON.stringify({ params: c.example ?? {} });
  const example = c.broker ? `mosquitto_pub -h ${c.broker.host} -p ${c.broker.port} -u ${c.deviceSn} -P '${c.secret}' -t ${topics.up[0].topic} -m '${payload}'` : null;
  // The console's own address: the one the user's browser reaches, forwarded to the cloud's ingest.
  const url = `${window.location.origin}/api/${ingestPath(c.productId, c.deviceSn, "property/post")}`;
  const curl = `curl -u '${c.deviceSn}:${c.secret}' -H 'content-type: application/json' -d '${payload}' ${url}`;
  return (
    <KitDialog
      onClose={() => setShown(null)}
      title={t("title")}
      width={720}
      testId="credentials-dialog"
      primary={{ label: t("done"), onClick: () => setShown(null) }}
    >
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
          {t("shownOnce")}
        </p>
        <div className="flex flex-col gap-2">
          <CopyLine label={t("sn")} value={c.deviceSn} copy={c.deviceSn} copyLabel={t("copy")} testId="credentials-sn" />
          <CopyLine label={t("secret")} value={c.secret} copy={c.secret} copyLabel={t("copy")} testId="credentials-secret" />
          <CopyLine label={t("broker")} value={broker} copy={broker} copyLabel={t("copy")} testId="credentials-broker" />
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{t("topics")}</h3>
          <table className="w-full text-xs">
            <tbody>
              {[...topics.up.map((x) => ({ ...x, dir: t("up") })), ...topics.down.map((x) => ({ ...x, dir: t("down") }))].map((x) => (
                <tr key={x.topic} className="border-b last:border-0">
                  <td className="py-1 pr-2 whitespace-nowrap text-muted-foreground">{x.dir}</td>
                  <td className="py-1 font-mono break-all" data-testid="credentials-topic" data-channel={x.channel}>
                    {x.topic}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {example && <CopyLine label={t("example")} value={example} copy={example} copyLabel={t("copy")} testId="credentials-example" />}
        <p className="text-xs text-muted-foreground" data-testid="credentials-http">
          {t("http", { url })}
        </p>
        <CopyLine label={t("httpExample")} value={curl} copy={curl} copyLabel={t("copy")} testId="credentials-curl" />
      </div>
    </KitDialog>
  );
}
