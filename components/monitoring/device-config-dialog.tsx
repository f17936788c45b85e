"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SlidersHorizontalIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Can } from "@/components/kit/can";
import { permsOf } from "@/lib/contract/call";
import type { KindPoint, PointDevice } from "@/lib/contract/monitoring/analysis";
import { configKindOf, deviceConfigApi } from "@/lib/contract/monitoring/device-config";
import type { MonitorKind } from "@/lib/contract/device/product";
import { zodReady } from "@/lib/zod-ready";
import type { PointParams } from "./device-config-form";

/** The configuration buttons need the right their save asks (the set-initial-value right, core §6). */
const CONFIG_PERM = permsOf(deviceConfigApi.upd)[0];

// The forms load when one first opens; a form reads its rules as it opens, so it waits for zod too.
const DeviceConfigDialog = dynamic(() => Promise.all([import("./device-config-form"), zodReady()]).then(([m]) => m.DeviceConfigDialog));
const BatchConfigDialog = dynamic(() => Promise.all([import("./device-config-form"), zodReady()]).then(([m]) => m.BatchConfigDialog));

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

/**
 * The same configuration for every device of a point (core §7 updBatchConfig): one kind, one
 * project, the point's parameters as the starting values.
 */
export function BatchConfigButton({ kind, point, deviceIds, onSaved }: { kind: MonitorKind; point: PointParams; deviceIds: number[]; onSaved: () => void }) {
  const t = useTranslations("monitoring");
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Can code={CONFIG_PERM}>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={!deviceIds.length} data-testid="batch-config">
          <SlidersHorizontalIcon className="size-4" />
          {t("config.batch")}
        </Button>
      </Can>
      {open && <BatchConfigDialog configKind={configKindOf(kind)} point={point} deviceIds={deviceIds} onClose={() => setOpen(false)} onDone={onSaved} />}
    </>
  );
}
