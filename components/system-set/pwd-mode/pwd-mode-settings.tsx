"use client";

import dynamic from "next/dynamic";
import { WandSparklesIcon } from "lucide-react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { call } from "@/lib/api/call";
import { permsOf, type AnyCall } from "@/lib/contract/call";
import { PASSWORD_MAX, type Complexity } from "@/lib/contract/password";
import { PASSWORD_RULES, PASSWORD_TEMPLATES } from "@/lib/contract/password-enums";
import { FORGET_METHODS, WELCOME_DAYS, pwdWelcomeSchema, type PwdPolicy } from "@/lib/contract/pwd-policy";
import { pwdModeApi, saveComplexity, saveForget, saveHis, saveInit, saveRegular } from "@/lib/contract/system/pwd-mode";
import { pwdRegularSchema } from "@/lib/contract/pwd-policy";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";
import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";

/** The preview runs the password checker, which brings the pinyin dictionary: after the page paints. */
const PasswordPreview = dynamic(() => import("./password-preview").then((m) => m.PasswordPreview), { ssr: false });

const NS = "system.pwdMode";
/** A card of one part of the policy: titled `cards.<part>`, filled from that part, saved by its own call. */
const part = (key: keyof PwdPolicy, id: string, save: AnyCall, schema: z.ZodType) => ({ id, title: `cards.${key}`, schema, save, perm: permsOf(save)[0], values: (d: PwdPolicy) => ({ ...d[key] }) });
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

/** pwdMode: the tenant's password policy, one card (and one save) per part. */
const pwdMode = defineSettings<PwdPolicy>({
  ns: NS,
  info: pwdModeApi.info,
  saved: "answer",
  layout: "split",
  cards: [
    {
      ...part("complexity", "pwd-complexity", pwdModeApi.saveComplexity, saveComplexity),
      description: "cards.complexityDesc",
      fields: ({ t }) => [
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
                    {t(`enums.passwordTemplate.${tpl}`)}
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
            <CheckList options={PASSWORD_RULES} value={(field.value ?? []) as number[]} onChange={field.onChange} disabled={disabled} label={(r) => t(`enums.passwordRule.${r}`)} testId="pwd-rules" />
          ),
        },
      ],
      extra: (form) => <PasswordPreview complexity={form.watch() as Complexity} />,
    },
    {
      ...part("init", "pwd-init", pwdModeApi.saveInit, saveInit),
      fields: ({ t }) => [
        {
          name: "password",
          label: "fields.initPassword",
          type: "custom",
          hint: "hints.initPassword",
          render: ({ field, disabled, invalid }) => (
            <div className="flex gap-2">
              <Input className="h-8" autoComplete="new-password" maxLength={PASSWORD_MAX} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} aria-invalid={invalid || undefined} placeholder={t(`${NS}.placeholders.initPassword`)} data-testid="pwd-init-password" />
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={disabled}
                onClick={() =>
                  call(pwdModeApi.random, {})
                    .then((pw) => field.onChange(pw))
                    .catch(() => undefined)
                }
              >
                <WandSparklesIcon />
                {t(`${NS}.actions.random`)}
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
          render: ({ field, form, disabled, id }) => (
            <Switch
              id={id}
              checked={!!field.value}
              disabled={disabled}
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
          render: ({ field, form, disabled, id }) => (
            <Switch id={id} checked={!!field.value} disabled={disabled || !!form.watch("notify")} onCheckedChange={field.onChange} data-testid="pwd-init-force" />
          ),
        },
      ],
    },
    {
      ...part("regular", "pwd-regular", pwdModeApi.saveRegular, regularForm),
      values: (d) => ({ ...d.regular, ...d.welcome }),
      toBody: (v: FieldValues) => saveRegular.parse({ regular: { enabled: v.enabled, validDays: v.validDays, remindDays: v.remindDays }, welcome: { days: v.days } }),
      fields: ({ t }) => [
        { name: "enabled", label: "fields.regularEnabled", type: "switch", on: true, off: false },
        { name: "validDays", label: "fields.validDays", type: "number", min: 1, max: 3650, floatNum: 0, show: (v) => !!v.enabled },
        { name: "remindDays", label: "fields.remindDays", type: "number", min: 1, max: 365, floatNum: 0, show: (v) => !!v.enabled, hint: "hints.remindDays" },
        { name: "days", label: "fields.welcomeDays", type: "radio", dict: WELCOME_DAYS.map((d) => ({ value: d, label: t(`${NS}.days`, { n: d }) })), show: (v) => !!v.enabled, hint: "hints.welcomeDays" },
      ],
    },
    {
      ...part("history", "pwd-history", pwdModeApi.saveHis, saveHis),
      fields: [
        { name: "enabled", label: "fields.historyEnabled", type: "switch", on: true, off: false },
        { name: "count", label: "fields.historyCount", type: "number", min: 1, max: 24, floatNum: 0, show: (v) => !!v.enabled, hint: "hints.historyCount" },
      ],
    },
    {
      ...part("forget", "pwd-forget-card", pwdModeApi.saveForget, saveForget),
      fields: ({ t }) => [
        {
          name: "methods",
          label: "fields.forgetMethods",
          type: "custom",
          hint: "hints.forgetMethods",
          render: ({ field, disabled }) => (
            <CheckList options={FORGET_METHODS} value={(field.value ?? []) as string[]} onChange={field.onChange} disabled={disabled} label={(m) => t(`${NS}.forget.${m}`)} testId="pwd-forget" />
          ),
        },
      ],
    },
  ],
});

export function PwdModeView() {
  return <SettingsPage settings={pwdMode} />;
}
