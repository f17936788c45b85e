"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NumberInput, SelectField } from "@/components/kit";
import { checkData, type DataSpec, type Param, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { CommandBody } from "@/lib/contract/device/command";

type Values = Record<string, unknown>;
const INTEGER = new Set(["int32", "int32u"]);
const NUMERIC = new Set(["int32", "int32u", "float", "double"]);

/** The value a new input starts with: the lower bound, the first item, false, or empty. */
export function initial(spec: DataSpec): unknown {
  if (NUMERIC.has(spec.type)) return Math.max((spec as { min: number }).min, Math.min(0, (spec as { max: number }).max));
  if (spec.type === "enum") return spec.items[0]?.value;
  if (spec.type === "bool") return false;
  if (spec.type === "struct" || spec.type === "array") return "";
  return "";
}

/** Structures and arrays are typed as JSON; the rest is taken as it is. */
function valueOf(spec: DataSpec, raw: unknown): { value: unknown } | { error: "json" } {
  if ((spec.type === "struct" || spec.type === "array") && typeof raw === "string") {
    try {
      return { value: JSON.parse(raw || (spec.type === "array" ? "[]" : "{}")) };
    } catch {
      return { error: "json" };
    }
  }
  return { value: raw };
}

/** One input of the type its thing-model data type calls for. */
export function TypedInput({ id, spec, value, onChange, invalid }: { id: string; spec: DataSpec; value: unknown; onChange: (v: unknown) => void; invalid: boolean }) {
  const t = useTranslations("deviceOps.debug");
  if (NUMERIC.has(spec.type)) {
    const n = spec as { min: number; max: number; unit?: string | null };
    return (
      <div className="flex items-center gap-2">
        <NumberInput id={id} className="w-40" value={value as number} min={n.min} max={n.max} floatNum={INTEGER.has(spec.type) ? 0 : undefined} onChange={onChange} aria-invalid={invalid} />
        <span className="text-xs text-muted-foreground">
          {n.min} ~ {n.max} {n.unit ?? ""}
        </span>
      </div>
    );
  }
  if (spec.type === "enum")
    return <SelectField id={id} className="w-48" clearable={false} options={spec.items.map((i) => ({ value: i.value, label: `${i.text} (${i.value})` }))} value={value as number} onChange={(v) => onChange(v === "" ? undefined : Number(v))} invalid={invalid} />;
  if (spec.type === "bool")
    return (
      <div className="flex items-center gap-2">
        <Switch id={id} checked={value === true} onCheckedChange={onChange} />
        <span className="text-xs text-muted-foreground">{value === true ? (spec.trueText ?? t("bool.true")) : (spec.falseText ?? t("bool.false"))}</span>
      </div>
    );
  if (spec.type === "struct" || spec.type === "array")
    return <Textarea id={id} className="font-mono text-xs" rows={3} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} placeholder={spec.type === "array" ? "[ … ]" : "{ … }"} aria-invalid={invalid} />;
  return <Input id={id} className="w-64" value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} maxLength={spec.type === "text" ? spec.length : 40} aria-invalid={invalid} />;
}

/** Checks every value with the thing model's own rule (the cloud checks again); errors by key. */
function check(params: Param[], values: Values, tp: (key: string) => string): { body: Values; errors: Record<string, string> } {
  const body: Values = {};
  const errors: Record<string, string> = {};
  for (const p of params) {
    const v = valueOf(p.dataType, values[p.identifier]);
    if ("error" in v) {
      errors[p.identifier] = tp("check.type");
      continue;
    }
    if (v.value === undefined || v.value === "") {
      if (p.dataType.type === "text" || p.dataType.type === "date") continue;
      errors[p.identifier] = tp("check.type");
      continue;
    }
    const r = checkData(p.dataType, v.value, p.identifier);
    if (!r.ok) errors[p.identifier] = tp(r.reason.replace(/^product\./, ""));
    else body[p.identifier] = v.value;
  }
  return { body, errors };
}

function ParamRows({ prefix, params, values, setValue, errors, chosen, choose }: { prefix: string; params: Param[]; values: Values; setValue: (k: string, v: unknown) => void; errors: Record<string, string>; chosen?: Set<string>; choose?: (k: string, on: boolean) => void }) {
  const t = useTranslations("deviceOps.debug");
  return (
    <div className="space-y-3">
      {params.map((p) => {
        const id = `${prefix}-${p.identifier}`;
        return (
          <div key={p.identifier} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-start" data-testid={`param-${p.identifier}`}>
            <div className="flex items-center gap-2 pt-2">
              {choose && <Checkbox checked={chosen?.has(p.identifier)} onCheckedChange={(on) => choose(p.identifier, on === true)} aria-label={`${t("include")}: ${p.name}`} />}
              <Label htmlFor={id} className="leading-tight">
                {p.name}
                <span className="ml-1 font-mono text-xs text-muted-foreground">{p.identifier}</span>
              </Label>
            </div>
            <div className="space-y-1">
              <TypedInput id={id} spec={p.dataType} value={values[p.identifier]} onChange={(v) => setValue(p.identifier, v)} invalid={!!errors[p.identifier]} />
              {errors[p.identifier] && (
                <p className="text-xs text-destructive" role="alert">
                  {errors[p.identifier]}
                </p>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The debugging screen's command form, built from the device's thing model: "set properties"
 * lists the read-write properties (each with a box to include it and an input of its type),
 * "call a service" the services with their typed input parameters. Values are checked with the
 * thing model's rule before sending; the button stays disabled while the command is on its way.
 */
export function CommandForm({ deviceId, properties, services, busy, onSend }: { deviceId: number; properties: ThingFunction[]; services: ThingFunction[]; busy: boolean; onSend: (body: CommandBody) => void }) {
  const t = useTranslations("deviceOps.debug");
  const ta = useTranslations("deviceOps.actions");
  const tp = useTranslations("product");
  const propParams: Param[] = React.useMemo(() => properties.filter((f) => f.dataType).map((f) => ({ identifier: f.identifier, name: f.funcName, dataType: f.dataType! })), [properties]);
  const [mode, setMode] = React.useState<"property" | "service">(propParams.length || !services.length ? "property" : "service");
  const [values, setValues] = React.useState<Values>(() => Object.fromEntries(propParams.map((p) => [p.identifier, initial(p.dataType)])));
  const [chosen, setChosen] = React.useState<Set<string>>(new Set());
  const [service, setService] = React.useState(services[0]?.identifier ?? "");
  const fn = services.find((s) => s.identifier === service);
  const inputs = React.useMemo(() => fn?.inputParams ?? [], [fn]);
  const [inputValues, setInputValues] = React.useState<Values>({});
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [problem, setProblem] = React.useState<string | null>(null);

  React.useEffect(() => setInputValues(Object.fromEntries(inputs.map((p) => [p.identifier, initial(p.dataType)]))), [inputs]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (mode === "property") {
      const picked = propParams.filter((p) => chosen.has(p.identifier));
      if (!picked.length) return setProblem(t("pickOne"));
      const r = check(picked, values, tp);
      setErrors(r.errors);
      if (!Object.keys(r.errors).length) onSend({ deviceId, cmdType: "property", params: r.body });
    } else {
      if (!fn) return;
      const r = check(inputs, inputValues, tp);
      setErrors(r.errors);
      if (!Object.keys(r.errors).length) onSend({ deviceId, cmdType: "service", identifier: fn.identifier, params: r.body });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="command-form">
      <Tabs value={mode} onValueChange={(v) => setMode(v as "property" | "service")}>
        <TabsList>
          <TabsTrigger value="property">{t("propertySet")}</TabsTrigger>
          <TabsTrigger value="service">{t("serviceCall")}</TabsTrigger>
        </TabsList>
        <TabsContent value="property" className="pt-3">
          {propParams.length ? (
            <ParamRows
              prefix={`prop-${deviceId}`}
              params={propParams}
              values={values}
              setValue={(k, v) => {
                setValues((s) => ({ ...s, [k]: v }));
                setChosen((s) => new Set(s).add(k));
              }}
              errors={errors}
              chosen={chosen}
              choose={(k, on) =>
                setChosen((s) => {
                  const n = new Set(s);
                  if (on) n.add(k);
                  else n.delete(k);
                  return n;
                })
              }
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t("noWritable")}</p>
          )}
        </TabsContent>
        <TabsContent value="service" className="space-y-3 pt-3">
          {services.length ? (
            <>
              <div className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center">
                <Label htmlFor={`svc-${deviceId}`}>{t("service")}</Label>
                <SelectField id={`svc-${deviceId}`} className="w-64" clearable={false} options={services.map((s) => ({ value: s.identifier, label: `${s.funcName} (${s.identifier})` }))} value={service} onChange={(v) => setService(String(v))} />
              </div>
              {inputs.length ? <ParamRows prefix={`svc-${deviceId}-${service}`} params={inputs} values={inputValues} setValue={(k, v) => setInputValues((s) => ({ ...s, [k]: v }))} errors={errors} /> : <p className="text-sm text-muted-foreground">{t("noInputs")}</p>}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("noServices")}</p>
          )}
        </TabsContent>
      </Tabs>
      {problem && (
        <p className="text-xs text-destructive" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={busy || (mode === "property" ? !propParams.length : !fn)} data-testid="command-send">
        {busy ? ta("sending") : ta("send")}
      </Button>
    </form>
  );
}
