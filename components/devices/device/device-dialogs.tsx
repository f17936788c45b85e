"use client";

import * as React from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { toast } from "sonner";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormFields, KitDialog, localizedResolver, useValidationTranslate, type FormField, type ResourceUi } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api/fetcher";
import { FormRootError, useServerErrors } from "@/components/kit/form/server-errors";
import { delDataBody, gatewayBindBody, snBody, type Device } from "@/lib/contract/device/device";

/**
 * The device list's own dialogs, opened from the URL (`?act=bind.12`): bind to a gateway,
 * change SN, delete data by time. Each is a small form checked with the contract's schema.
 */
type Act = {
  title: string;
  endpoint: string;
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
    endpoint: "device/device/bind",
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
    endpoint: "device/device/updSn",
    schema: snBody,
    fields: [{ name: "deviceSn", label: "fields.deviceSn", type: "text", required: true, placeholder: "placeholders.deviceSn", hint: "hints.updSn" }],
    defaults: (r) => ({ deviceSn: r.deviceSn }),
    toBody: (v, r) => ({ id: r.id, deviceSn: v.deviceSn }),
    done: "done.snChanged",
  },
  delData: {
    title: "actions.delData",
    endpoint: "device/device/delDataByTime",
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

/** Opens one of the dialogs on a row. */
export const openAct = (ui: ResourceUi<Device>, act: keyof typeof ACTS, row: Device) => ui.setParam("act", `${act}.${row.id}`);

function ActDialog({ act, row, ui }: { act: Act; row: Device; ui: ResourceUi<Device> }) {
  const t = useTranslations("devices.device");
  const tk = useTranslations("kit");
  const translate = useValidationTranslate();
  const form = useForm<FieldValues>({ defaultValues: act.defaults(row) });
  const { rootError, setRootError, report } = useServerErrors(form, act.fields.map((f) => f.name));
  const close = () => ui.setParam("act", null);
  const submit = form.handleSubmit(async (values) => {
    setRootError("");
    const body = act.toBody(values, row);
    // The contract's schema on the whole body: errors land on the field they name.
    const checked = await localizedResolver(act.schema, translate)(body as FieldValues, undefined, { fields: {}, shouldUseNativeValidation: false });
    const issues = Object.entries(checked.errors ?? {});
    if (issues.length) {
      for (const [name, e] of issues) form.setError(act.fields.some((f) => f.name === name) ? name : "root", { type: "schema", message: String((e as { message?: string }).message ?? "") });
      if (!issues.some(([name]) => act.fields.some((f) => f.name === name))) setRootError(String((issues[0][1] as { message?: string }).message ?? ""));
      return;
    }
    try {
      await api.post(act.endpoint, body, { silent: true });
      toast.success(t(act.done));
      await ui.refresh();
      close();
    } catch (e) {
      report(e);
    }
  });
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && close()}
      title={`${t(act.title)} · ${row.deviceName}`}
      width={520}
      testId="device-act-dialog"
      footer={
        <>
          <Button size="sm" variant="outline" onClick={close}>
            {tk("actions.cancel")}
          </Button>
          <Button size="sm" type="submit" form="device-act-form" disabled={form.formState.isSubmitting}>
            {tk("actions.submit")}
          </Button>
        </>
      }
    >
      <form id="device-act-form" onSubmit={submit} noValidate>
        <FormFields fields={act.fields} form={form} mode="create" label={(k) => t(k)} columns={1} />
        <FormRootError message={rootError} />
      </form>
    </KitDialog>
  );
}
