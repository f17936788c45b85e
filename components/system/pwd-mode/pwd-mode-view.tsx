"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { WandSparklesIcon } from "lucide-react";
import type { FieldValues } from "react-hook-form";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { PASSWORD_MAX, PASSWORD_RULES, PASSWORD_TEMPLATES, type Complexity } from "@/lib/contract/password";
import { FORGET_METHODS, WELCOME_DAYS, pwdWelcomeSchema, type PwdPolicy } from "@/lib/contract/pwd-policy";
import { saveComplexity, saveForget, saveHis, saveInit, saveRegular } from "@/lib/contract/system/pwd-mode";
import { pwdRegularSchema } from "@/lib/contract/pwd-policy";
import type { FormField } from "@/components/kit";
import { PasswordPolicyHint } from "@/components/login/password-policy-hint";
import { PageFrame } from "@/components/shell/page-frame";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { SettingsBody, SettingsCard } from "../company/settings-card";
import { PasswordPreview } from "./password-preview";

const NS = "system.pwdMode";
const PERM = "sys:pwdMode:save";
/** The regular-change card edits two parts of the policy at once: one flat form, one schema. */
const regularForm = pwdRegularSchema.and(pwdWelcomeSchema);

/** Checkboxes over a fixed list of values, for an array field. */
function CheckList<V extends string | number>({ options, value, onChange, disabled, label, testId }: { options: readonly V[]; value: V[]; onChange: (v: V[]) => void; disabled: boolean; label: (v: V) => string; testId: string }) {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2" data-testid={testId}>
      {options.map((o) => (
        <label key={o} className="flex items-center gap-1.5 text-sm">
          <Checkbox disabled={disabled} checked={value.includes(o)} onCheckedChange={(c) => onChange(c ? [...value, o].sort() : value.filter((v) => v !== o))} data-value={o} />
          {label(o)}
        </label>
      ))}
    </div>
  );
}

/** sys/pwdMode: the tenant's password policy, one card (and one save) per part. */
export function PwdModeView() {
  const t = useTranslations();
  const { data, error, mutate } = useSWR<PwdPolicy>("sys/pwdMode/info", swrFetcher);
  const saved = (policy: unknown) => mutate(policy as PwdPolicy, { revalidate: false });

  const complexityValues = React.useMemo(() => (data ? { ...data.complexity } : {}), [data]);
  const initValues = React.useMemo(() => (data ? { ...data.init } : {}), [data]);
  const regularValues = React.useMemo(() => (data ? { ...data.regular, ...data.welcome } : {}), [data]);
  const historyValues = React.useMemo(() => (data ? { ...data.history } : {}), [data]);
  const forgetValues = React.useMemo(() => (data ? { ...data.forget } : {}), [data]);

  const complexityFields: FormField[] = [
    {
      name: "template",
      label: "fields.template",
      type: "custom",
      render: ({ field, form, disabled }) => (
        <div className="space-y-3">
          <RadioGroup value={String(field.value)} onValueChange={field.onChange} disabled={disabled} data-testid="pwd-template">
            {PASSWORD_TEMPLATES.map((tpl) => (
              <label key={tpl} className="flex items-center gap-1.5 text-sm">
                <RadioGroupItem value={tpl} data-value={tpl} />
                {t(`enums.passwordTemplate.${tpl}` as never)}
              </label>
            ))}
          </RadioGroup>
          <PasswordPolicyHint complexity={form.watch() as Complexity} />
        </div>
      ),
    },
    { name: "pwdSize", label: "fields.pwdSize", type: "number", min: 8, max: PASSWORD_MAX, floatNum: 0, show: (v) => v.template === "custom", hint: "hints.pwdSize" },
    {
      name: "pwdModes",
      label: "fields.pwdModes",
      type: "custom",
      show: (v) => v.template === "custom",
      render: ({ field, disabled }) => (
        <CheckList options={PASSWORD_RULES} value={(field.value ?? []) as number[]} onChange={field.onChange} disabled={disabled} label={(r) => t(`enums.passwordRule.${r}` as never)} testId="pwd-rules" />
      ),
    },
  ];

  const initFields: FormField[] = [
    {
      name: "password",
      label: "fields.initPassword",
      type: "custom",
      hint: "hints.initPassword",
      render: ({ field, disabled, invalid }) => (
        <div className="flex gap-2">
          <Input className="h-8" autoComplete="new-password" maxLength={PASSWORD_MAX} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} aria-invalid={invalid || undefined} placeholder={t(`${NS}.placeholders.initPassword` as never)} data-testid="pwd-init-password" />
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={disabled}
            onClick={() =>
              api
                .get<string>("sys/pwdMode/random")
                .then((pw) => field.onChange(pw))
                .catch(() => undefined)
            }
          >
            <WandSparklesIcon />
            {t(`${NS}.actions.random` as never)}
          </Button>
        </div>
      ),
    },
    {
      name: "notify",
      label: "fields.notify",
      type: "custom",
      hint: "hints.notify",
      // Notifying the password forces the change at first login (core §5): switch it on with it.
      render: ({ field, form, disabled }) => (
        <Switch
          checked={!!field.value}
          disabled={disabled}
          aria-label={t(`${NS}.fields.notify` as never)}
          data-testid="pwd-init-notify"
          onCheckedChange={(c) => {
            field.onChange(c);
            if (c) form.setValue("forceChange", true, { shouldValidate: form.formState.isSubmitted });
          }}
        />
      ),
    },
    {
      name: "forceChange",
      label: "fields.forceChange",
      type: "custom",
      render: ({ field, form, disabled }) => (
        <Switch checked={!!field.value} disabled={disabled || !!form.watch("notify")} onCheckedChange={field.onChange} aria-label={t(`${NS}.fields.forceChange` as never)} data-testid="pwd-init-force" />
      ),
    },
  ];

  const dayOptions = WELCOME_DAYS.map((d) => ({ value: d, label: t(`${NS}.days` as never, { n: d } as never) }));
  const regularFields: FormField[] = [
    { name: "enabled", label: "fields.regularEnabled", type: "switch", on: true, off: false },
    { name: "validDays", label: "fields.validDays", type: "number", min: 1, max: 3650, floatNum: 0, show: (v) => !!v.enabled },
    { name: "remindDays", label: "fields.remindDays", type: "number", min: 1, max: 365, floatNum: 0, show: (v) => !!v.enabled, hint: "hints.remindDays" },
    { name: "days", label: "fields.welcomeDays", type: "radio", dict: dayOptions, show: (v) => !!v.enabled, hint: "hints.welcomeDays" },
  ];

  const historyFields: FormField[] = [
    { name: "enabled", label: "fields.historyEnabled", type: "switch", on: true, off: false },
    { name: "count", label: "fields.historyCount", type: "number", min: 1, max: 24, floatNum: 0, show: (v) => !!v.enabled, hint: "hints.historyCount" },
  ];

  const forgetFields: FormField[] = [
    {
      name: "methods",
      label: "fields.forgetMethods",
      type: "custom",
      hint: "hints.forgetMethods",
      render: ({ field, disabled }) => (
        <CheckList options={FORGET_METHODS} value={(field.value ?? []) as string[]} onChange={field.onChange} disabled={disabled} label={(m) => t(`${NS}.forget.${m}` as never)} testId="pwd-forget" />
      ),
    },
  ];

  return (
    <PageFrame>
      <SettingsBody data={data} error={error}>
        {() => (
        <div className="grid items-start gap-4 xl:grid-cols-2">
          <SettingsCard
            ns={NS}
            testId="pwd-complexity"
            title={t(`${NS}.cards.complexity` as never)}
            description={t(`${NS}.cards.complexityDesc` as never)}
            schema={saveComplexity}
            values={complexityValues}
            fields={complexityFields}
            endpoint="sys/pwdMode/saveComplexity"
            perm={PERM}
            onSaved={saved}
          >
            {(form) => <PasswordPreview complexity={form.watch() as Complexity} />}
          </SettingsCard>
          <div className="grid gap-4">
            <SettingsCard ns={NS} testId="pwd-init" title={t(`${NS}.cards.init` as never)} schema={saveInit} values={initValues} fields={initFields} endpoint="sys/pwdMode/saveInit" perm={PERM} onSaved={saved} />
            <SettingsCard
              ns={NS}
              testId="pwd-regular"
              title={t(`${NS}.cards.regular` as never)}
              schema={regularForm}
              values={regularValues}
              fields={regularFields}
              endpoint="sys/pwdMode/saveRegular"
              perm={PERM}
              toBody={(v: FieldValues) => saveRegular.parse({ regular: { enabled: v.enabled, validDays: v.validDays, remindDays: v.remindDays }, welcome: { days: v.days } })}
              onSaved={saved}
            />
            <SettingsCard ns={NS} testId="pwd-history" title={t(`${NS}.cards.history` as never)} schema={saveHis} values={historyValues} fields={historyFields} endpoint="sys/pwdMode/saveHis" perm={PERM} onSaved={saved} />
            <SettingsCard ns={NS} testId="pwd-forget-card" title={t(`${NS}.cards.forget` as never)} schema={saveForget} values={forgetValues} fields={forgetFields} endpoint="sys/pwdMode/saveForget" perm={PERM} onSaved={saved} />
          </div>
        </div>
        )}
      </SettingsBody>
    </PageFrame>
  );
}
