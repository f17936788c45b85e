"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MultiSelectField, type CustomFieldProps } from "@/components/kit";
import { CronPicker } from "@/components/kit/cron-picker";
import { call, uploadCall, useCall } from "@/lib/api/call";
import { otaApi } from "@/lib/contract/ota/api";
import { otaTaskApi, type OtaPreview } from "@/lib/contract/ota/task-api";
import { FIRMWARE_MAX_MB, FIRMWARE_TYPES } from "@/lib/contract/ota/enums";
import type { OtaFile } from "@/lib/contract/ota/package";
import { isScheduleCron } from "@/lib/contract/ota/task";
import { toast } from "@/lib/toast";

const ACCEPT = FIRMWARE_TYPES.map((t) => `.${t}`).join(",");
const size = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

/** The firmware file of a package: uploaded for the chosen product (its id in the query) with progress; the cloud answers size and hashes. */
export function FirmwareField({ field, form, id, disabled }: CustomFieldProps) {
  const t = useTranslations("ota.package");
  const [percent, setPercent] = React.useState<number | null>(null);
  const [file, setFile] = React.useState<OtaFile | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const productId = form.watch("productId");
  const stored = form.getValues("fileName") as string | undefined;
  async function pick(f: File | undefined) {
    if (!f) return;
    if (f.size > FIRMWARE_MAX_MB * 1048576) return toast.error(t("upload"));
    setPercent(0);
    try {
      const answer = await uploadCall(otaApi.uploadFile, f, setPercent, { input: { productId: Number(productId) } });
      setFile(answer);
      field.onChange(answer.path);
      form.setValue("fileName", answer.name);
    } finally {
      setPercent(null);
      if (input.current) input.current.value = "";
    }
  }
  return (
    <div className="flex flex-col gap-1" data-testid="ota-firmware">
      <div className="flex items-center gap-2">
        <input ref={input} id={id} type="file" accept={ACCEPT} className="hidden" onChange={(e) => void pick(e.target.files?.[0])} data-testid="ota-firmware-input" />
        <Button type="button" variant="outline" size="sm" disabled={disabled || !productId || percent !== null} onClick={() => input.current?.click()}>
          {field.value ? t("replace") : t("upload")}
        </Button>
        {percent !== null && <span className="text-muted-foreground text-xs">{t("uploading", { percent })}</span>}
        {percent === null && file && <span className="text-xs">{t("uploaded", { name: file.name, size: size(file.size) })}</span>}
        {percent === null && !file && field.value && stored && <span className="text-xs">{stored}</span>}
      </div>
      {file && <code className="text-muted-foreground break-all text-[11px]">SHA-256 {file.sha256}</code>}
    </div>
  );
}

/** Chosen devices of a task: the devices of the package's product it may target, by name, SN and the version they run. */
export function DeviceIdsField({ field, form, id, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("ota.task");
  const packageId = Number(form.watch("packageId")) || null;
  const { data } = useCall(otaTaskApi.candidates, packageId ? { packageId } : null);
  const options = React.useMemo(
    () => (data ?? []).map((d) => ({ value: d.id, label: `${d.deviceName} · ${d.deviceSn} · ${d.version ?? "—"}${d.busy ? ` (${t("busy")})` : ""}` })),
    [data, t],
  );
  return (
    <MultiSelectField
      id={id}
      options={options}
      value={(field.value as number[] | undefined) ?? []}
      onChange={(v) => field.onChange(v.map(Number))}
      placeholder={packageId ? t("deviceIdsHint") : t("choosePackage")}
      disabled={disabled || !packageId}
      invalid={invalid}
    />
  );
}

/**
 * When a scheduled task starts: a time on the tenant's clock, or a cron expression whose next run
 * starts it (a maintenance window, e.g. 02:00 every night).
 */
export function ScheduleField({ field, id, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("ota.task");
  const value = (field.value as string | undefined) ?? "";
  const [byCron, setByCron] = React.useState(() => isScheduleCron(value));
  const choose = (cron: boolean) => {
    if (cron === byCron) return;
    setByCron(cron);
    field.onChange("");
  };
  return (
    <div className="flex flex-col gap-2" data-testid="ota-schedule">
      <div className="flex gap-1" role="group" aria-label={t("fields.scheduleTime")}>
        {([false, true] as const).map((cron) => (
          <Button key={String(cron)} type="button" size="sm" variant={byCron === cron ? "secondary" : "ghost"} aria-pressed={byCron === cron} disabled={disabled} onClick={() => choose(cron)}>
            {t(cron ? "scheduleByCron" : "scheduleAtTime")}
          </Button>
        ))}
      </div>
      {byCron ? (
        <CronPicker id={id} value={value} disabled={disabled} onChange={(expr) => field.onChange(expr)} />
      ) : (
        <Input
          id={id}
          type="datetime-local"
          className="h-8"
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={value.replace(" ", "T").slice(0, 16)}
          onChange={(e) => field.onChange(e.target.value ? `${e.target.value.replace("T", " ")}:00` : "")}
          onBlur={field.onBlur}
        />
      )}
      <p className="text-muted-foreground text-xs">{t(byCron ? "scheduleCronHint" : "scheduleTimeHint")}</p>
    </div>
  );
}

/** The dry run of the task being written: devices targeted by current version, online now, projected duration at the rate and under the cap on downloads at once. */
export function PreviewField({ form }: CustomFieldProps) {
  const t = useTranslations("ota.task");
  const [answer, setAnswer] = React.useState<OtaPreview | null>(null);
  async function run() {
    const v = form.getValues();
    setAnswer(await call(otaTaskApi.preview, { packageId: v.packageId, target: v.target, projectId: v.projectId || null, deviceIds: v.deviceIds ?? [], rate: v.rate || undefined, maxDownloads: v.maxDownloads || undefined }));
  }
  return (
    <div className="flex flex-col gap-2" data-testid="ota-preview">
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => void run()} disabled={!form.watch("packageId")}>
        {t("preview")}
      </Button>
      {answer && (
        <div className="text-sm">
          <p>{t("previewText", { targeted: answer.targeted, online: answer.online, alreadyOn: answer.alreadyOn, pullOnly: answer.pullOnly, busy: answer.busy, minutes: answer.projectedMin })}</p>
          <p data-testid="ota-preview-cap">
            {t("previewCap", { cap: answer.maxDownloads, seconds: answer.downloadS, basis: t(`downloadBasis.${answer.downloadBasis}`), perMin: answer.capPerMin, bound: answer.bound })}
          </p>
          <p className="text-muted-foreground text-xs">
            {t("byVersion")}: {answer.byVersion.map((v) => `${v.version} × ${v.devices}`).join(" · ")}
          </p>
        </div>
      )}
    </div>
  );
}
