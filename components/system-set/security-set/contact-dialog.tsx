"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { KitDialog } from "@/components/kit";
import { Field } from "@/components/kit/form/field";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import { SendCodeButton } from "@/components/login/send-code-button";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { call } from "@/lib/api/call";
import { PASSWORD_MAX } from "@/lib/contract/password";
import type { CallInput } from "@/lib/contract/call";
import { safetyApi, safetyCheckCode, safetyCheckPassword, safetySetInfo, type SafetyType } from "@/lib/contract/system/safety";
import { toast } from "@/lib/toast";

/** Step 1 of a change: who you are — a code to the current phone / e-mail, or the password. */
function VerifyStep({ type, current, onVerified }: { type: SafetyType; current: string | null; onVerified: (key: string) => void }) {
  const t = useTranslations("system.security");
  const [by, setBy] = React.useState<"code" | "password">(current ? "code" : "password");
  const codeForm = useForm<{ type: SafetyType; code: string }>({ resolver: lazyZodResolver(async () => safetyCheckCode), defaultValues: { type, code: "" } });
  const pwdForm = useForm<{ password: string }>({ resolver: lazyZodResolver(async () => safetyCheckPassword), defaultValues: { password: "" } });
  const submitCode = codeForm.handleSubmit(async (v) => {
    try {
      onVerified((await call(safetyApi.checkCode, v)).verifyKey);
    } catch {
      /* the fetcher showed the cloud's message */
    }
  });
  const submitPassword = pwdForm.handleSubmit(async (v) => {
    try {
      onVerified((await call(safetyApi.checkPassword, v)).verifyKey);
    } catch {
      /* shown */
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t("verifyFirst")}</p>
      {current && (
        <Tabs value={by} onValueChange={(v) => setBy(v as "code" | "password")}>
          <TabsList>
            <TabsTrigger value="code">{t(`by.${type}`)}</TabsTrigger>
            <TabsTrigger value="password">{t("by.password")}</TabsTrigger>
          </TabsList>
        </Tabs>
      )}
      {by === "code" && current ? (
        <form id="verify-form" onSubmit={submitCode} className="flex flex-col gap-4" noValidate>
          <p className="text-sm">{t("codeTo", { target: current })}</p>
          <Field id="verify-code" label={t("code")} inputMode="numeric" maxLength={6} autoComplete="one-time-code" error={codeForm.formState.errors.code} {...codeForm.register("code")}>
            <SendCodeButton send={() => call(safetyApi.sendCode, { type })} valid={async () => true} />
          </Field>
        </form>
      ) : (
        <form id="verify-form" onSubmit={submitPassword} className="flex flex-col gap-4" noValidate>
          <Field id="verify-password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} label={t("currentPassword")} error={pwdForm.formState.errors.password} {...pwdForm.register("password")} />
        </form>
      )}
    </div>
  );
}

/** Step 2: the new phone / e-mail and the code sent to it. */
function BindStep({ type, verifyKey, onDone }: { type: SafetyType; verifyKey: string; onDone: () => void }) {
  const t = useTranslations("system.security");
  const form = useForm<{ type: SafetyType; value: string; code: string; verifyKey: string }>({ resolver: lazyZodResolver(async () => safetySetInfo) as never, defaultValues: { type, value: "", code: "", verifyKey } });
  const submit = form.handleSubmit(async (v) => {
    try {
      // The form's type is one of the two the declaration tells apart.
      await call(safetyApi.setInfo, v as CallInput<typeof safetyApi.setInfo>);
      toast.success(t("bound"));
      onDone();
    } catch {
      /* shown */
    }
  });
  return (
    <form id="bind-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field id="bind-value" label={t(`new.${type}`)} inputMode={type === "phone" ? "tel" : "email"} autoComplete={type === "phone" ? "tel" : "email"} error={form.formState.errors.value} {...form.register("value")} />
      <Field id="bind-code" label={t("code")} inputMode="numeric" maxLength={6} autoComplete="one-time-code" error={form.formState.errors.code} {...form.register("code")}>
        <SendCodeButton send={() => call(safetyApi.sendCodeSet, { type, value: form.getValues("value") } as CallInput<typeof safetyApi.sendCodeSet>)} valid={() => form.trigger("value")} />
      </Field>
    </form>
  );
}

/** Change or bind the phone or e-mail: verify, then bind the new one (loaded when first opened). */
export function ContactDialog({ type, current, open, onOpenChange, onDone }: { type: SafetyType; current: string | null; open: boolean; onOpenChange: (o: boolean) => void; onDone: () => void }) {
  const t = useTranslations("system.security");
  const [verifyKey, setVerifyKey] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) setVerifyKey(null);
  }, [open]);
  return (
    <KitDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(current ? `change.${type}` : `bind.${type}`)}
      width={520}
      testId={`security-${type}-dialog`}
      actions={{ form: verifyKey ? "bind-form" : "verify-form", submitLabel: verifyKey ? undefined : t("next") }}
    >
      {open && (verifyKey ? <BindStep type={type} verifyKey={verifyKey} onDone={onDone} /> : <VerifyStep type={type} current={current} onVerified={setVerifyKey} />)}
    </KitDialog>
  );
}
