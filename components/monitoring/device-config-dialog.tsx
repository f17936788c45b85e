"use client";

import * as React from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { SlidersHorizontalIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { deriveFormFields, FormDialog, useNsLabel } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import type { KindPoint, PointDevice } from "@/lib/contract/monitoring/analysis";
import { CONFIGS, configBatchBody, configKindOf, configUpdBody, deviceConfigApi, type ConfigKind } from "@/lib/contract/monitoring/device-config";
import type { MonitorKind } from "@/lib/contract/device/product";
import { PROFILE_KEY } from "./depth-profile-panel";

/** The configuration buttons need the right their save asks (the set-initial-value right, core §6). */
const CONFIG_PERM = permsOf(deviceConfigApi.upd)[0];

type PointParams = Pick<KindPoint, "holePosition" | "holeDepth" | "unitLength" | "laserDistance" | "refAngleX" | "refAngleY" | "alarmMin" | "alarmMax">;

/** What a device without its own configuration starts from: its point's parameters. */
function fromPoint(kind: ConfigKind, p: PointParams): Record<string, unknown> {
  if (kind === "inclinometer") {
    const count = p.holeDepth && p.unitLength ? Math.floor(p.holeDepth / p.unitLength + 1e-9) : undefined;
    return { holePosition: p.holePosition ?? 1, holeDepth: p.holeDepth ?? undefined, unitLength: p.unitLength ?? undefined, unitCount: count };
  }
  if (kind === "tilt") return { laserDistance: p.laserDistance ?? undefined, refAngleX: p.refAngleX ?? undefined, refAngleY: p.refAngleY ?? undefined };
  return { alarmMin: p.alarmMin ?? undefined, alarmMax: p.alarmMax ?? undefined };
}

/**
 * The device configuration of a monitoring screen's device (core §7 deviceConfig, §5 rules): the
 * button only with `dev:deviceConfig:updConfig`, the form of the device's configuration kind,
 * filled with what is saved or else the point's parameters.
 */
export function DeviceConfigButton({ point, device, onSaved }: { point: KindPoint; device: PointDevice; onSaved: () => void }) {
  const t = useTranslations("monitoring");
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Can code={CONFIG_PERM}>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="device-config">
          <SlidersHorizontalIcon className="size-4" />
          {t("config.open")}
        </Button>
      </Can>
      {open && <DeviceConfigDialog point={point} device={device} onClose={() => setOpen(false)} onSaved={onSaved} />}
    </>
  );
}

function DeviceConfigDialog({ point, device, onClose, onSaved }: { point: KindPoint; device: PointDevice; onClose: () => void; onSaved: () => void }) {
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

/**
 * The same configuration for every device of a point (core §7 updBatchConfig): one kind, one
 * project, the point's parameters as the starting values.
 */
export function BatchConfigButton({ kind, point, deviceIds, onSaved }: { kind: MonitorKind; point: PointParams; deviceIds: number[]; onSaved: () => void }) {
  const t = useTranslations("monitoring");
  const label = useNsLabel("monitoring.config");
  const [open, setOpen] = React.useState(false);
  const configKind = configKindOf(kind);
  const fields = React.useMemo(() => deriveFormFields(CONFIGS[configKind]), [configKind]);
  return (
    <>
      <Can code={CONFIG_PERM}>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={!deviceIds.length} data-testid="batch-config">
          <SlidersHorizontalIcon className="size-4" />
          {t("config.batch")}
        </Button>
      </Can>
      {open && (
        <FormDialog
          title={t("config.batchTitle", { count: deviceIds.length })}
          fields={fields}
          schema={configBatchBody[configKind]}
          call={deviceConfigApi.updBatch}
          defaults={fromPoint(configKind, point)}
          extra={{ deviceIds }}
          label={label}
          width={480}
          onClose={() => setOpen(false)}
          onDone={onSaved}
          testId="batch-config-dialog"
        />
      )}
    </>
  );
}
