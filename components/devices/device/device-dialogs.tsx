"use client";

import type { FieldValues } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormDialog, type FormField, type ResourceUi } from "@/components/kit";
import { delDataBody, deviceApi, gatewayBindBody, snBody, type Device } from "@/lib/contract/device/device";
import { CredentialsDialog } from "./credentials-dialog";
import type { AnyCall } from "@/lib/contract/call";

/**
 * The device list's own dialogs, opened from the URL (`?act=bind.12`): bind to a gateway,
 * change SN, delete data by time. Each is a small form checked with the contract's schema.
 */
type Act = {
  title: string;
  call: AnyCall;
  schema: z.ZodType;
  fields: FormField[];
  defaults: (row: Device) => FieldValues;
  toBody: (values: FieldValues, row: Device) => unknown;
  done: string;
};

/** The form's "YYYY-MM-DD HH:mm:ss" is platform time (UTC+8), as everywhere in the console. */
const isoOrBlank = (v: unknown) => (typeof v === "string" && v ? `${v.replace(" ", "T")}+08:00` : undefined);

const ACTS: Record<string, Act> = {
  bind: {
    title: "actions.bindGateway",
    call: deviceApi.bind,
    schema: gatewayBindBody,
    fields: [
      { name: "gatewaySn", label: "fields.gatewaySn", type: "text", required: true, placeholder: "placeholders.gatewaySn" },
      { name: "channelNo", label: "fields.channelNo", type: "number", min: 1, max: 9999, floatNum: 0, placeholder: "placeholders.channelNo" },
    ],
    defaults: (r) => ({ gatewaySn: r.gatewaySn ?? "", channelNo: r.channelNo ?? "" }),
    toBody: (v, r) => ({ ids: [r.id], gatewaySn: v.gatewaySn, channelNo: v.channelNo }),
    done: "done.bound",
  },
  sn: {
    title: "actions.updSn",
    call: deviceApi.updSn,
    schema: snBody,
    fields: [{ name: "deviceSn", label: "fields.deviceSn", type: "text", required: true, placeholder: "placeholders.deviceSn", hint: "hints.updSn" }],
    defaults: (r) => ({ deviceSn: r.deviceSn }),
    toBody: (v, r) => ({ id: r.id, deviceSn: v.deviceSn }),
    done: "done.snChanged",
  },
  delData: {
    title: "actions.delData",
    call: deviceApi.delData,
    schema: delDataBody,
    fields: [
      { name: "startTime", label: "fields.dataFrom", type: "datetime", hint: "hints.delData" },
      { name: "endTime", label: "fields.dataTo", type: "datetime" },
    ],
    defaults: () => ({ startTime: "", endTime: "" }),
    toBody: (v, r) => ({ ids: [r.id], startTime: isoOrBlank(v.startTime), endTime: isoOrBlank(v.endTime) }),
    done: "done.dataDeleted",
  },
};

/** The open dialog of `?act=<dialog>.<id>`, on the row of the current page it names. */
export function DeviceActDialogs({ ui }: { ui: ResourceUi<Device> }) {
  const [act, rawId] = (ui.param("act") ?? "").split(".");
  const id = Number(rawId);
  const row = ui.rows.find((r) => r.id === id);
  if (!act || !ACTS[act] || !row) return null;
  return <ActDialog key={`${act}-${id}`} act={ACTS[act]} row={row} ui={ui} />;
}

/** The device list's dialogs host, loaded after the list (`deferredDialogs`). */
export function DeviceDialogs({ ui }: { ui: ResourceUi<Device> }) {
  return (
    <>
      <DeviceActDialogs ui={ui} />
      <CredentialsDialog />
    </>
  );
}

function ActDialog({ act, row, ui }: { act: Act; row: Device; ui: ResourceUi<Device> }) {
  const t = useTranslations("devices.device");
  return (
    <FormDialog
      title={`${t(act.title)} · ${row.deviceName}`}
      fields={act.fields}
      schema={act.schema}
      call={act.call}
      defaults={act.defaults(row)}
      toBody={(values) => act.toBody(values, row)}
      doneMessage={t(act.done)}
      label={(k) => t(k)}
      width={520}
      onClose={() => ui.setParam("act", null)}
      onDone={ui.refresh}
      testId="device-act-dialog"
    />
  );
}
