"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { CronPicker } from "@/components/kit/cron-picker";
import { NumberInput, SelectField, useDict, useSession, type CustomFieldProps } from "@/components/kit";
import { ChannelsField } from "@/components/alarm/rule-fields";
import { RecipientField } from "@/components/alarm/recipient-field";
import { initial, TypedInput } from "@/components/devices/ops/command-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { FieldFrame } from "@/components/kit/form/field-frame";
import { Textarea } from "@/components/ui/textarea";
import { useCall } from "@/lib/api/call";
import { linkageApi } from "@/lib/contract/linkage/api";
import { ACTION_TYPE, INTERVAL_SYMBOLS, TERM_TYPE, type CompareSymbol } from "@/lib/contract/linkage/enums";

type Item = Record<string, unknown>;

const NEW_TRIGGER: Record<number, Item> = {
  [TERM_TYPE.property]: { termType: TERM_TYPE.property, symbol: 2 },
  [TERM_TYPE.deviceState]: { termType: TERM_TYPE.deviceState, onlineType: 1 },
  [TERM_TYPE.timer]: { termType: TERM_TYPE.timer, cron: "0 0 8 * * ? *" },
};
const NEW_ACTION: Record<number, Item> = {
  [ACTION_TYPE.device]: { actionType: ACTION_TYPE.device, cmdType: "property", params: {}, delaySec: 0 },
  [ACTION_TYPE.notice]: { actionType: ACTION_TYPE.notice, channels: [1], recipients: [], content: "${ruleName}: ${trigger}", delaySec: 0 },
  [ACTION_TYPE.webService]: { actionType: ACTION_TYPE.webService, method: "POST", url: "", headers: [], body: "", encoding: "UTF-8", delaySec: 0 },
};

/** The project's devices (none until a project is chosen; choosing another revalidates every call). */
function useProjectDevices() {
  const { projId } = useSession();
  return useCall(linkageApi.devices, projId ? {} : null).data ?? [];
}
function useModel(deviceId: unknown) {
  const { projId } = useSession();
  return useCall(linkageApi.model, deviceId && projId ? { deviceId: Number(deviceId) } : null).data;
}

/** The message of a nested error (`triggers.0.value2`), already localised by the form's resolver. */
function errorOf(errors: FieldErrors<FieldValues>, path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const k of path) node = (node as Record<string, unknown> | undefined)?.[k];
  return (node as { message?: string } | undefined)?.message;
}

/** A labelled control of a builder card, with its own error under it. */
/** One card of a list builder: its number, type select, move and remove buttons, and its body. */
function Card({ title, removeLabel, testId, onRemove, onUp, onDown, disabled, children }: { title: string; removeLabel: string; testId: string; onRemove: () => void; onUp?: () => void; onDown?: () => void; disabled: boolean; children: React.ReactNode }) {
  const t = useTranslations("linkage");
  return (
    <div className="rounded-md border bg-muted/30 p-3" data-testid={testId}>
      <div className="mb-2 flex items-center gap-1">
        <span className="text-sm font-medium">{title}</span>
        <span className="flex-1" />
        {onUp && (
          <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t("action.up")} disabled={disabled} onClick={onUp}>
            <ArrowUpIcon className="size-4" />
          </Button>
        )}
        {onDown && (
          <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t("action.down")} disabled={disabled} onClick={onDown}>
            <ArrowDownIcon className="size-4" />
          </Button>
        )}
        <Button type="button" variant="ghost" size="icon" className="size-7 text-destructive" aria-label={`${removeLabel} ${title}`} disabled={disabled} onClick={onRemove}>
          <Trash2Icon className="size-4" />
        </Button>
      </div>
      {children}
    </div>
  );
}

function useList(field: CustomFieldProps["field"]) {
  const list: Item[] = Array.isArray(field.value) ? field.value : [];
  const set = (i: number, patch: Item) => field.onChange(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const replace = (i: number, item: Item) => field.onChange(list.map((x, j) => (j === i ? item : x)));
  const remove = (i: number) => field.onChange(list.filter((_, j) => j !== i));
  const move = (i: number, by: number) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    field.onChange(next);
  };
  return { list, set, replace, remove, move, add: (item: Item) => field.onChange([...list, item]) };
}

/** The triggers' or the actions' cards, what none means, and the button that adds one (disabled at the rule's limit). */
function CardList({ id, testId, none, addLabel, disabled, onAdd, children }: { id: string; testId: string; none: string; addLabel: string; disabled: boolean; onAdd: () => void; children: React.ReactNode[] }) {
  return (
    <div id={id} className="flex flex-col gap-2" data-testid={testId}>
      {!children.length && <p className="text-sm text-muted-foreground">{none}</p>}
      {children}
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={disabled} onClick={onAdd}>
        <PlusIcon className="size-4" />
        {addLabel}
      </Button>
    </div>
  );
}

function DeviceSelect({ id, value, onChange, invalid, disabled }: { id: string; value: unknown; onChange: (v: number | "") => void; invalid?: boolean; disabled: boolean }) {
  const devices = useProjectDevices();
  return (
    <SelectField
      id={id}
      clearable={false}
      disabled={disabled}
      invalid={invalid}
      options={devices.map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceSn})` }))}
      value={value as number}
      onChange={(v) => onChange(v === "" ? "" : Number(v))}
    />
  );
}

/**
 * The triggers of a rule (core §3–§5): a property of a device compared by one of nine symbols
 * (the last four an interval) and held for a duration; a device going online / offline; a timer
 * from the kit's cron picker. Properties come from the chosen device's thing model.
 */
export function TriggersField({ field, id, form, disabled }: CustomFieldProps) {
  const t = useTranslations("linkage");
  const types = useDict("linkageTermType");
  const symbols = useDict("linkageSymbol");
  const states = useDict("linkageOnlineType");
  const { list, set, replace, remove, add } = useList(field);
  const errors = form.formState.errors;
  return (
    <CardList id={id} testId="linkage-triggers" none={t("trigger.none")} addLabel={t("trigger.add")} disabled={disabled || list.length >= 10} onAdd={() => add({ ...NEW_TRIGGER[TERM_TYPE.property] })}>
      {list.map((tr, i) => {
        const err = (k: string) => errorOf(errors, ["triggers", i, k]);
        const base = `trigger-${i}`;
        return (
          <Card key={i} title={t("trigger.n", { n: i + 1 })} removeLabel={t("trigger.remove")} testId={base} disabled={disabled} onRemove={() => remove(i)}>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
              <FieldFrame label={t("trigger.termType")} htmlFor={`${base}-type`}>
                <SelectField id={`${base}-type`} clearable={false} disabled={disabled} options={types} value={tr.termType as number} onChange={(v) => replace(i, { ...NEW_TRIGGER[Number(v)] })} />
              </FieldFrame>
              {tr.termType === TERM_TYPE.timer ? (
                <FieldFrame label={t("trigger.cron")} htmlFor={`${base}-cron`} error={err("cron")} className="col-span-2 md:col-span-3">
                  <CronPicker id={`${base}-cron`} value={tr.cron as string} disabled={disabled} onChange={(cron) => set(i, { cron })} />
                </FieldFrame>
              ) : (
                <FieldFrame label={t("trigger.device")} htmlFor={`${base}-device`} error={err("deviceId")}>
                  <DeviceSelect id={`${base}-device`} value={tr.deviceId} disabled={disabled} invalid={!!err("deviceId")} onChange={(deviceId) => set(i, { deviceId, identifier: undefined })} />
                </FieldFrame>
              )}
              {tr.termType === TERM_TYPE.deviceState && (
                <FieldFrame label={t("trigger.onlineType")} htmlFor={`${base}-state`}>
                  <SelectField id={`${base}-state`} clearable={false} disabled={disabled} options={states} value={tr.onlineType as number} onChange={(v) => set(i, { onlineType: Number(v) })} />
                </FieldFrame>
              )}
              {tr.termType === TERM_TYPE.property && <PropertyTrigger base={base} item={tr} disabled={disabled} err={err} symbols={symbols} onChange={(patch) => set(i, patch)} />}
            </div>
          </Card>
        );
      })}
    </CardList>
  );
}

function PropertyTrigger({ base, item, disabled, err, symbols, onChange }: { base: string; item: Item; disabled: boolean; err: (k: string) => string | undefined; symbols: { value: string | number; label: string }[]; onChange: (patch: Item) => void }) {
  const t = useTranslations("linkage");
  const model = useModel(item.deviceId);
  const interval = INTERVAL_SYMBOLS.includes(Number(item.symbol) as CompareSymbol);
  return (
    <>
      <FieldFrame label={t("trigger.property")} htmlFor={`${base}-property`} error={err("identifier")}>
        <SelectField
          id={`${base}-property`}
          clearable={false}
          disabled={disabled || !item.deviceId}
          invalid={!!err("identifier")}
          placeholder={item.deviceId ? undefined : t("trigger.pickDevice")}
          options={(model?.properties ?? []).map((f) => ({ value: f.identifier, label: `${f.funcName} · ${f.identifier}` }))}
          value={item.identifier as string}
          onChange={(v) => onChange({ identifier: v })}
        />
      </FieldFrame>
      <FieldFrame label={t("trigger.symbol")} htmlFor={`${base}-symbol`}>
        <SelectField id={`${base}-symbol`} clearable={false} disabled={disabled} options={symbols} value={item.symbol as number} onChange={(v) => onChange({ symbol: Number(v) })} />
      </FieldFrame>
      <FieldFrame label={t("trigger.value")} htmlFor={`${base}-value`} error={err("value")}>
        <NumberInput id={`${base}-value`} disabled={disabled} value={item.value as number} aria-invalid={!!err("value")} onChange={(value) => onChange({ value })} />
      </FieldFrame>
      {interval && (
        <FieldFrame label={t("trigger.value2")} htmlFor={`${base}-value2`} error={err("value2")}>
          <NumberInput id={`${base}-value2`} disabled={disabled} value={item.value2 as number} aria-invalid={!!err("value2")} onChange={(value2) => onChange({ value2 })} />
        </FieldFrame>
      )}
      <FieldFrame label={t("trigger.durationSec")} htmlFor={`${base}-duration`} error={err("durationSec")}>
        <NumberInput id={`${base}-duration`} disabled={disabled} floatNum={0} title={t("hints.durationSec")} value={item.durationSec as number} aria-invalid={!!err("durationSec")} onChange={(durationSec) => onChange({ durationSec })} />
      </FieldFrame>
    </>
  );
}

/**
 * The actions of a rule, in order, each with its delay: a command to a device (property values or
 * a service with typed inputs from its thing model), a notice through channels to contacts and
 * groups, a web-service call (method, URL, headers, body template, encoding).
 */
export function ActionsField({ field, id, form, disabled }: CustomFieldProps) {
  const t = useTranslations("linkage");
  const types = useDict("linkageActionType");
  const { list, set, replace, remove, move, add } = useList(field);
  const errors = form.formState.errors;
  return (
    <CardList id={id} testId="linkage-actions" none={t("action.none")} addLabel={t("action.add")} disabled={disabled || list.length >= 20} onAdd={() => add({ ...NEW_ACTION[ACTION_TYPE.notice] })}>
      {list.map((a, i) => {
        const err = (...k: (string | number)[]) => errorOf(errors, ["actions", i, ...k]);
        const base = `action-${i}`;
        return (
          <Card key={i} title={t("action.n", { n: i + 1 })} removeLabel={t("action.remove")} testId={base} disabled={disabled} onRemove={() => remove(i)} onUp={i > 0 ? () => move(i, -1) : undefined} onDown={i < list.length - 1 ? () => move(i, 1) : undefined}>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
              <FieldFrame label={t("action.actionType")} htmlFor={`${base}-type`}>
                <SelectField id={`${base}-type`} clearable={false} disabled={disabled} options={types} value={a.actionType as number} onChange={(v) => replace(i, { ...NEW_ACTION[Number(v)] })} />
              </FieldFrame>
              <FieldFrame label={t("action.delaySec")} htmlFor={`${base}-delay`} error={err("delaySec")}>
                <NumberInput id={`${base}-delay`} disabled={disabled} min={0} max={3600} floatNum={0} value={a.delaySec as number} onChange={(v) => set(i, { delaySec: v === "" ? 0 : v })} />
              </FieldFrame>
            </div>
            <div className="mt-2">
              {a.actionType === ACTION_TYPE.device && <DeviceAction base={base} item={a} disabled={disabled} err={err} onChange={(patch) => set(i, patch)} />}
              {a.actionType === ACTION_TYPE.notice && <NoticeAction base={base} item={a} disabled={disabled} err={err} form={form} onChange={(patch) => set(i, patch)} />}
              {a.actionType === ACTION_TYPE.webService && <WebAction base={base} item={a} disabled={disabled} err={err} onChange={(patch) => set(i, patch)} />}
            </div>
          </Card>
        );
      })}
    </CardList>
  );
}

type ActionProps = { base: string; item: Item; disabled: boolean; err: (...k: (string | number)[]) => string | undefined; onChange: (patch: Item) => void };

function DeviceAction({ base, item, disabled, err, onChange }: ActionProps) {
  const t = useTranslations("linkage");
  const cmdTypes = useDict("linkageCmdType");
  const model = useModel(item.deviceId);
  const params = (item.params ?? {}) as Item;
  const writable = (model?.properties ?? []).filter((f) => f.accessMode === "rw" && f.dataType);
  const service = model?.services.find((s) => s.identifier === item.identifier);
  const inputs = item.cmdType === "service" ? (service?.inputParams ?? []).map((p) => ({ identifier: p.identifier, name: p.name, dataType: p.dataType })) : writable.map((f) => ({ identifier: f.identifier, name: f.funcName, dataType: f.dataType! }));
  const toggle = (key: string, on: boolean, spec: Parameters<typeof initial>[0]) => {
    const next = { ...params };
    if (on) next[key] = initial(spec);
    else delete next[key];
    onChange({ params: next });
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <FieldFrame label={t("action.device")} htmlFor={`${base}-device`} error={err("deviceId")}>
          <DeviceSelect id={`${base}-device`} value={item.deviceId} disabled={disabled} invalid={!!err("deviceId")} onChange={(deviceId) => onChange({ deviceId, identifier: undefined, params: {} })} />
        </FieldFrame>
        <FieldFrame label={t("action.cmdType")} htmlFor={`${base}-cmd`}>
          <SelectField id={`${base}-cmd`} clearable={false} disabled={disabled} options={cmdTypes} value={item.cmdType as string} onChange={(v) => onChange({ cmdType: v, identifier: undefined, params: {} })} />
        </FieldFrame>
        {item.cmdType === "service" && (
          <FieldFrame label={t("action.service")} htmlFor={`${base}-service`} error={err("identifier")}>
            <SelectField id={`${base}-service`} clearable={false} disabled={disabled || !item.deviceId} options={(model?.services ?? []).map((s) => ({ value: s.identifier, label: `${s.funcName} · ${s.identifier}` }))} value={item.identifier as string} onChange={(v) => onChange({ identifier: v, params: {} })} />
          </FieldFrame>
        )}
      </div>
      {!!item.deviceId && model && (
        <FieldFrame label={t("action.params")} error={err("params")}>
          {!inputs.length && <p className="text-sm text-muted-foreground">{t(item.cmdType === "service" ? (service ? "action.params" : "action.noServices") : "action.noWritable")}</p>}
          {inputs.map((p) => {
            const on = p.identifier in params;
            return (
              <div key={p.identifier} className="grid items-center gap-2 sm:grid-cols-[12rem_1fr]">
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox checked={on} disabled={disabled} onCheckedChange={(c) => toggle(p.identifier, c === true, p.dataType)} />
                  {p.name}
                  <span className="font-mono text-xs text-muted-foreground">{p.identifier}</span>
                </label>
                {on && <TypedInput id={`${base}-p-${p.identifier}`} spec={p.dataType} value={params[p.identifier]} invalid={false} onChange={(v) => onChange({ params: { ...params, [p.identifier]: v } })} />}
              </div>
            );
          })}
        </FieldFrame>
      )}
    </div>
  );
}

/** A nested value as the custom-field props the alarm rule's channel and recipient widgets take (they read only the field). */
function nested(value: unknown, onChange: (v: unknown) => void, id: string, disabled: boolean, form: CustomFieldProps["form"]): CustomFieldProps {
  return { field: { value, onChange, onBlur: () => {}, name: id, ref: () => {} } as unknown as CustomFieldProps["field"], id, form, disabled, invalid: false };
}

function NoticeAction({ base, item, disabled, err, onChange, form }: ActionProps & { form: CustomFieldProps["form"] }) {
  const t = useTranslations("linkage");
  return (
    <div className="flex flex-col gap-2">
      <FieldFrame label={t("action.channels")} error={err("channels")}>
        <ChannelsField {...nested(item.channels, (channels) => onChange({ channels }), `${base}-channels`, disabled, form)} />
      </FieldFrame>
      <FieldFrame label={t("action.recipients")} error={err("recipients")}>
        <RecipientField {...nested(item.recipients, (recipients) => onChange({ recipients }), `${base}-recipients`, disabled, form)} />
      </FieldFrame>
      <FieldFrame label={t("action.content")} htmlFor={`${base}-content`} error={err("content")}>
        <Textarea id={`${base}-content`} rows={2} disabled={disabled} maxLength={500} value={String(item.content ?? "")} aria-invalid={!!err("content")} onChange={(e) => onChange({ content: e.target.value })} />
        <p className="text-xs text-muted-foreground">{t("hints.content")}</p>
      </FieldFrame>
    </div>
  );
}

/** A web call's header; a secret one is stored sealed and comes back masked (sent back so, it keeps the stored value). */
type Header = { key: string; value: string; secret?: boolean };

function WebAction({ base, item, disabled, err, onChange }: ActionProps) {
  const t = useTranslations("linkage");
  const methods = useDict("httpMethod");
  const encodings = useDict("linkageEncoding");
  const headers = (item.headers ?? []) as Header[];
  const setHeader = (i: number, patch: Partial<Header>) => onChange({ headers: headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-[8rem_1fr_8rem] gap-2">
        <FieldFrame label={t("action.method")} htmlFor={`${base}-method`}>
          <SelectField id={`${base}-method`} clearable={false} disabled={disabled} options={methods} value={item.method as string} onChange={(v) => onChange({ method: v })} />
        </FieldFrame>
        <FieldFrame label={t("action.url")} htmlFor={`${base}-url`} error={err("url")}>
          <Input id={`${base}-url`} disabled={disabled} maxLength={500} placeholder="https://" value={String(item.url ?? "")} aria-invalid={!!err("url")} onChange={(e) => onChange({ url: e.target.value })} />
        </FieldFrame>
        <FieldFrame label={t("action.encoding")} htmlFor={`${base}-encoding`}>
          <SelectField id={`${base}-encoding`} clearable={false} disabled={disabled} options={encodings} value={item.encoding as string} onChange={(v) => onChange({ encoding: v })} />
        </FieldFrame>
      </div>
      <FieldFrame label={t("action.headers")} error={err("headers")}>
        {headers.map((h, i) => (
          <div key={i} className="flex gap-2">
            <Input aria-label={t("action.headerKey")} placeholder={t("action.headerKey")} disabled={disabled} className="w-48" value={h.key} onChange={(e) => setHeader(i, { key: e.target.value })} />
            <Input aria-label={t("action.headerValue")} placeholder={t("action.headerValue")} type={h.secret ? "password" : "text"} autoComplete="off" disabled={disabled} value={h.value} onChange={(e) => setHeader(i, { value: e.target.value })} />
            <label className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
              <Checkbox checked={!!h.secret} disabled={disabled} onCheckedChange={(v) => setHeader(i, { secret: v === true })} />
              {t("action.headerSecret")}
            </label>
            <Button type="button" variant="ghost" size="icon" aria-label={`${t("action.headers")} ${i + 1} ×`} disabled={disabled} onClick={() => onChange({ headers: headers.filter((_, j) => j !== i) })}>
              <Trash2Icon className="size-4" />
            </Button>
          </div>
        ))}
        <Button type="button" variant="ghost" size="sm" className="self-start" disabled={disabled || headers.length >= 20} onClick={() => onChange({ headers: [...headers, { key: "", value: "", secret: false }] })}>
          <PlusIcon className="size-4" />
          {t("action.addHeader")}
        </Button>
      </FieldFrame>
      <FieldFrame label={t("action.body")} htmlFor={`${base}-body`} error={err("body")}>
        <Textarea id={`${base}-body`} rows={3} className="font-mono text-xs" disabled={disabled} maxLength={5000} value={String(item.body ?? "")} onChange={(e) => onChange({ body: e.target.value })} />
        <p className="text-xs text-muted-foreground">{t("hints.body")}</p>
      </FieldFrame>
    </div>
  );
}

/** Weekly windows of a rule with specified active time: days (1 Monday … 7 Sunday) and a time range. */
export function WindowsField({ field, id, form, disabled }: CustomFieldProps) {
  const t = useTranslations("linkage");
  const { list, set, remove, add } = useList(field);
  const errors = form.formState.errors;
  return (
    <div id={id} className="flex flex-col gap-2" data-testid="linkage-windows">
      {list.map((w, i) => {
        const days = (w.days ?? []) as number[];
        const err = (k: string) => errorOf(errors, ["activeWindows", i, k]);
        return (
          <div key={i} className="flex flex-wrap items-center gap-3 rounded-md border p-2">
            <div className="flex flex-wrap gap-2" role="group" aria-label={t("window.days")}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <label key={d} className="flex items-center gap-1 text-sm">
                  <Checkbox checked={days.includes(d)} disabled={disabled} onCheckedChange={(c) => set(i, { days: c === true ? [...days, d].sort() : days.filter((x) => x !== d) })} />
                  {t(`weekdays.${d}`)}
                </label>
              ))}
            </div>
            <Input type="time" aria-label={t("window.start")} className="w-28" disabled={disabled} value={String(w.start ?? "")} onChange={(e) => set(i, { start: e.target.value })} />
            <span>–</span>
            <Input type="time" aria-label={t("window.end")} className="w-28" disabled={disabled} value={String(w.end ?? "")} onChange={(e) => set(i, { end: e.target.value })} />
            <Button type="button" variant="ghost" size="icon" aria-label={t("window.remove")} disabled={disabled} onClick={() => remove(i)}>
              <Trash2Icon className="size-4" />
            </Button>
            {(err("days") || err("end") || err("start")) && (
              <p className="w-full text-xs text-destructive" role="alert">
                {err("days") ?? err("end") ?? err("start")}
              </p>
            )}
          </div>
        );
      })}
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={disabled || list.length >= 20} onClick={() => add({ days: [1, 2, 3, 4, 5], start: "08:00", end: "18:00" })}>
        <PlusIcon className="size-4" />
        {t("window.add")}
      </Button>
    </div>
  );
}
