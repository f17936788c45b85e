"use client";

import { CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { KitDialog } from "@/components/kit";
import { useCopy } from "@/components/kit/use-copy";
import { Button } from "@/components/ui/button";
import { deviceTopics } from "@/lib/contract/device/topics";
import { setShown, useShownCredentials } from "./credentials-store";

function Line({ label, value, testId, copyLabel, onCopy }: { label: string; value: string; testId: string; copyLabel: string; onCopy: () => void }) {
  return (
    <div className="grid grid-cols-[8rem_1fr_auto] items-center gap-2">
      <span className="text-sm text-muted-foreground">{label}</span>
      <code className="min-w-0 break-all rounded bg-muted px-2 py-1 font-mono text-xs" data-testid={testId}>
        {value}
      </code>
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`${copyLabel} ${label}`} title={copyLabel} onClick={onCopy}>
        <CopyIcon />
      </Button>
    </div>
  );
}

export function CredentialsDialog() {
  const t = useTranslations("devices.device.credentials");
  const copyText = useCopy();
  const c = useShownCredentials();
  if (!c) return null;
  const topics = deviceTopics(c.productId, c.deviceSn);
  const broker = c.broker ? `${c.broker.host}:${c.broker.port}` : t("noBroker");
  const example = c.broker
    ? `mosquitto_pub -h ${c.broker.host} -p ${c.broker.port} -u ${c.deviceSn} -P '${c.secret}' -t ${topics.up[0].topic} -m '{"params": {}}'`
    : null;
  const copy = (text: string) => () => void copyText(text);
  return (
    <KitDialog
      onClose={() => setShown(null)}
      title={t("title")}
      width={720}
      testId="credentials-dialog"
      footer={
        <Button size="sm" onClick={() => setShown(null)}>
          {t("done")}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
          {t("shownOnce")}
        </p>
        <div className="flex flex-col gap-2">
          <Line label={t("sn")} value={c.deviceSn} testId="credentials-sn" copyLabel={t("copy")} onCopy={copy(c.deviceSn)} />
          <Line label={t("secret")} value={c.secret} testId="credentials-secret" copyLabel={t("copy")} onCopy={copy(c.secret)} />
          <Line label={t("broker")} value={broker} testId="credentials-broker" copyLabel={t("copy")} onCopy={copy(broker)} />
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
        <p className="text-xs text-muted-foreground">{t("http", { path: `comm/ingest/${c.productId}/${c.deviceSn}/property/post` })}</p>
        {example && <Line label={t("example")} value={example} testId="credentials-example" copyLabel={t("copy")} onCopy={copy(example)} />}
      </div>
    </KitDialog>
  );
}
