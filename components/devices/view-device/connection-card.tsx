"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { CopyIcon, KeyRoundIcon } from "lucide-react";
import { Can } from "@/components/kit/can";
import { useCopy } from "@/components/kit/use-copy";
import { CopyLine } from "@/components/kit/copy-line";
import { useConfirm } from "@/components/kit/dialogs/confirm-dialog";
import { Button } from "@/components/ui/button";
import { call, useCall } from "@/lib/api/call";
import { deviceDataApi } from "@/lib/contract/device/device-data";
import { permsOf } from "@/lib/contract/call";
import { deviceApi, type Device } from "@/lib/contract/device/device";
import { deviceTopics } from "@/lib/contract/device/topics";

/** The new secret's dialog loads when a secret is reset, not with the device's page. */
const KitDialog = dynamic(() => import("@/components/kit/dialogs/kit-dialog").then((m) => m.KitDialog));

/**
 * How the device connects: the broker's host and port, username = SN, and its topics. The secret
 * is never shown again after it was generated; "reset secret" makes a new one, shown once.
 */
export function ConnectionCard({ device }: { device: Device }) {
  const t = useTranslations("devices.viewDevice.connection");
  const doCopy = useCopy();
  const { data: broker } = useCall(deviceDataApi.mqttAccess, {});
  const [confirm, confirmElement] = useConfirm();
  const [secret, setSecret] = React.useState<string | null>(null);
  const topics = deviceTopics(device.productId, device.deviceSn);
  const reset = async () => {
    if (!(await confirm(t("resetConfirm"), { danger: true }))) return;
    try {
      const creds = await call(deviceApi.resetSecret, { id: device.id });
      setSecret(creds.secret);
    } catch {
      /* the fetcher showed the cloud's message */
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="connection">
      <div>
        <CopyLine layout="compact" label={t("host")} value={broker?.host ?? "-"} copy={broker?.host} copyLabel={t("copy")} testId="mqtt-host" />
        <CopyLine layout="compact" label={t("port")} value={broker?.port ?? "-"} copy={broker ? String(broker.port) : undefined} copyLabel={t("copy")} testId="mqtt-port" />
        <CopyLine layout="compact" label={t("username")} value={device.deviceSn} copy={device.deviceSn} copyLabel={t("copy")} testId="mqtt-username" />
        <CopyLine layout="compact" label={t("password")} value="••••••••" copyLabel={t("copy")} />
        <p className="mt-1 text-xs text-muted-foreground">{t("passwordHint")}</p>
        <Can code={permsOf(deviceApi.resetSecret)[0]}>
          <Button size="sm" variant="outline" className="mt-2" onClick={reset} data-testid="reset-secret">
            <KeyRoundIcon />
            {t("resetSecret")}
          </Button>
        </Can>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">{t("direction")}</th>
            <th className="py-1 font-normal">{t("topic")}</th>
          </tr>
        </thead>
        <tbody>
          {[...topics.up.map((x) => ({ ...x, dir: "up" as const })), ...topics.down.map((x) => ({ ...x, dir: "down" as const }))].map((x) => (
            <tr key={x.topic} className="border-t">
              <td className="py-1.5 pr-2 align-top sm:whitespace-nowrap" title={t(`channel.${x.channel.replace("/", "_")}`)}>
                {t(x.dir)} · {t(`channel.${x.channel.replace("/", "_")}`)}
              </td>
              <td className="py-1.5 align-top font-mono text-xs break-all">{x.topic}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {secret !== null && (
        <KitDialog
          onClose={() => setSecret(null)}
          title={t("resetSecret")}
          width={520}
          testId="new-secret-dialog"
          actions="close"
        >
          <p className="text-sm text-muted-foreground">{t("newSecret")}</p>
          <div className="mt-2 flex items-center gap-2 rounded-md border bg-muted p-2">
            <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid="new-secret">
              {secret}
            </code>
            <Button size="sm" variant="outline" onClick={() => secret && doCopy(secret)}>
              <CopyIcon />
              {t("copy")}
            </Button>
          </div>
        </KitDialog>
      )}
      {confirmElement}
    </div>
  );
}
