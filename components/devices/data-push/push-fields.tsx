"use client";

import { useTranslations } from "next-intl";
import { Plus, Trash2 } from "lucide-react";
import { MultiSelectField, type CustomFieldProps } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { useCall } from "@/lib/api/call";
import { deviceApi } from "@/lib/contract/device/device";
import type { PushHeader, PushParam } from "@/lib/contract/push/config";
import type { PushMethod } from "@/lib/contract/push/enums";

const PLACEHOLDER: Record<PushMethod, string> = { POST: "addressHttp", GET: "addressHttp", MQTT: "addressMqtt", KAFKA: "addressKafka" };

/** The address; what it looks like depends on the method (an URL, a broker, Kafka brokers). */
export function AddressField({ field, id, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("push.config");
  const method = (form.watch("method") ?? "POST") as PushMethod;
  return (
    <Input
      id={id}
      value={field.value ?? ""}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      placeholder={t(`placeholders.${PLACEHOLDER[method] ?? "addressHttp"}`)}
      disabled={disabled}
      aria-invalid={invalid}
      className="font-mono text-xs"
      autoComplete="off"
    />
  );
}

/** The project's devices a configuration pushes, when not all of them. */
export function DevicesField({ field, id, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("push.config");
  const { data } = useCall(deviceApi.list, { size: 9999 });
  const options = (data ?? []).map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceSn})` }));
  return (
    <MultiSelectField
      id={id}
      options={options}
      value={field.value ?? []}
      onChange={(v) => field.onChange(v.map(Number))}
      placeholder={data && !data.length ? t("noDevices") : t("devicesPick")}
      disabled={disabled}
      invalid={invalid}
    />
  );
}

type Pair = { name: string; value: string; secret?: boolean };

/** Name / value rows (headers with a secret mark, or parameters), added and removed in place. */
function PairsField({ field, id, disabled, invalid, secret }: CustomFieldProps & { secret: boolean }) {
  const t = useTranslations("push.config");
  const rows: Pair[] = field.value ?? [];
  const set = (next: Pair[]) => field.onChange(next);
  const patch = (i: number, p: Partial<Pair>) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <div id={id} className="flex flex-col gap-2" aria-invalid={invalid} data-testid={secret ? "push-headers" : "push-params"}>
      {rows.map((r, i) => (
        <div key={i} className="flex items-center gap-2">
          <Input aria-label={t("header.name")} placeholder={t("header.name")} data-testid={`${field.name}.${i}.name`} value={r.name} disabled={disabled} onChange={(e) => patch(i, { name: e.target.value })} className="w-40 font-mono text-xs" />
          <Input
            aria-label={t("header.value")}
            placeholder={t("header.value")}
            data-testid={`${field.name}.${i}.value`}
            value={r.value}
            disabled={disabled}
            type={r.secret ? "password" : "text"}
            autoComplete="off"
            onChange={(e) => patch(i, { value: e.target.value })}
            className="flex-1 font-mono text-xs"
          />
          {secret && (
            <label className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
              <Checkbox data-testid={`${field.name}.${i}.secret`} checked={!!r.secret} disabled={disabled} onCheckedChange={(v) => patch(i, { secret: v === true })} />
              {t("header.secret")}
            </label>
          )}
          <Button type="button" variant="ghost" size="icon" aria-label={t("header.remove")} disabled={disabled} onClick={() => set(rows.filter((_, j) => j !== i))}>
            <Trash2 className="size-4" />
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" size="sm" data-testid={`add-${field.name}`} disabled={disabled || rows.length >= 20} onClick={() => set([...rows, secret ? { name: "", value: "", secret: false } : { name: "", value: "" }])}>
          <Plus className="size-4" />
          {t(secret ? "header.add" : "param.add")}
        </Button>
      </div>
    </div>
  );
}

export const HeadersField = (p: CustomFieldProps) => <PairsField {...p} secret />;
export const ParamsField = (p: CustomFieldProps) => <PairsField {...p} secret={false} />;

/** Headers as the list's detail shows them (secrets come masked from the cloud). */
export function PairsText({ value }: { value: readonly (PushHeader | PushParam)[] | null }) {
  if (!value?.length) return <>-</>;
  return (
    <ul className="font-mono text-xs">
      {value.map((h) => (
        <li key={h.name}>
          {h.name}: {h.value}
        </li>
      ))}
    </ul>
  );
}
