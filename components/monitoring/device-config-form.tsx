"use client";

import * as React from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { deriveFormFields, FormDialog, useNsLabel } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import type { KindPoint, PointDevice } from "@/lib/contract/monitoring/analysis";
import { CONFIGS, configBatchBody, configUpdBody, deviceConfigApi, type ConfigKind } from "@/lib/contract/monitoring/device-config";
import { PROFILE_KEY } from "./depth-profile-panel";

/*
 * The configuration forms of device-config-dialog.tsx's buttons, loaded when one first opens
 * (react-hook-form, the field adapters and radix dialog are not in a monitoring screen's first load).
 */

export type PointParams = Pick<KindPoint, "holePosition" | "holeDepth" | "unitLength" | "laserDistance" | "refAngleX" | "refAngleY" | "alarmMin" | "alarmMax">;

/** What a device without its own configuration starts from: its point's parameters. */
function fromPoint(kind: ConfigKind, p: PointParams): Record<string, unknown> {
  if (kind === "inclinometer") {
    const count = p.holeDepth && p.unitLength ? Math.floor(p.holeDepth / p.unitLength + 1e-9) : undefined;
    return { holePosition: p.holePosition ?? 1, holeDepth: p.holeDepth ?? undefined, unitLength: p.unitLength ?? undefined, unitCount: count };
  }
  if (kind === "tilt") return { laserDistance: p.laserDistance ?? undefined, refAngleX: p.refAngleX ?? undefined, refAngleY: p.refAngleY ?? undefined };
  return { alarmMin: p.alarmMin ?? undefined, alarmMax: p.alarmMax ?? undefined };
}

export function DeviceConfigDialog({ point, device, onClose, onSaved }: { point: KindPoint; device: PointDevice; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("monitoring");
  const label = useNsLabel("monitoring.config");
  const current = useCall(deviceConfigApi.get, { deviceId: device.id });
  const { mutate } = useSWRConfig();
  const kind = current.data?.configKind;
  const fields = React.useMemo(() => (kind ? deriveFormFields(CONFIGS[kind]) : []), [kind]);
  // A device that cannot be read (gone, another project): the fetcher has said why; nothing to edit.
  React.useEffect(() => {
    if (current.error) onClose();
  }, [current.error, onClose]);
  if (!kind || !current.data) return null;
  return (
    <FormDialog
      title={t("config.title", { name: device.deviceName })}
      fields={fields}
      schema={configUpdBody[kind]}
      call={deviceConfigApi.upd}
      defaults={current.data.config ?? fromPoint(kind, point)}
      extra={{ deviceId: device.id }}
      label={label}
      width={480}
      onClose={onClose}
      onDone={async () => {
        await current.mutate();
        // Figures computed with the configuration (the depth profile) are asked again.
        await mutate((key) => Array.isArray(key) && key[0] === PROFILE_KEY);
        onSaved();
      }}
      testId="device-config-dialog"
    />
  );
}

/** The same configuration for every device of a point, starting from the point's parameters. */
export function BatchConfigDialog({ configKind, point, deviceIds, onClose, onDone }: { configKind: ConfigKind; point: PointParams; deviceIds: number[]; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("monitoring");
  const label = useNsLabel("monitoring.config");
  const fields = React.useMemo(() => deriveFormFields(CONFIGS[configKind]), [configKind]);
  return (
    <FormDialog
      title={t("config.batchTitle", { count: deviceIds.length })}
      fields={fields}
      schema={configBatchBody[configKind]}
      call={deviceConfigApi.updBatch}
      defaults={fromPoint(configKind, point)}
      extra={{ deviceIds }}
      label={label}
      width={480}
      onClose={onClose}
      onDone={onDone}
      testId="batch-config-dialog"
    />
  );
}
