"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { KeyRoundIcon, MailIcon, SmartphoneIcon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import { loginApi } from "@/lib/contract/auth";
import type { CallInput } from "@/lib/contract/call";
import { PASSWORD_MAX } from "@/lib/contract/password";
import { pwdModeApi } from "@/lib/contract/system/pwd-mode";
import { safetyApi, safetyCheckCode, safetyCheckPassword, safetySetInfo, safetyUpdPwd, type SafetyType } from "@/lib/contract/system/safety";
import { KitDialog } from "@/components/kit";
import { Field } from "@/components/kit/form/field";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";
import { SendCodeButton } from "@/components/login/send-code-button";
import { PageFrame } from "@/components/kit/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";


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

function ContactDialog({ type, current, open, onOpenChange, onDone }: { type: SafetyType; current: string | null; open: boolean; onOpenChange: (o: boolean) => void; onDone: () => void }) {
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

/** The own password: the current one, then the new one twice (`safetyApi.updPwd`). */
function PasswordForm() {
  const t = useTranslations("system.security");
  const policy = useCall(pwdModeApi.info, {}, { shouldRetryOnError: false });
  const form = useForm<{ oldPassword: string; password: string; confirmPassword: string }>({
    resolver: lazyZodResolver(async () => safetyUpdPwd) as never,
    defaultValues: { oldPassword: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await call(safetyApi.updPwd, v);
      toast.success(t("passwordChanged"));
      form.reset();
    } catch {
      /* shown */
    }
  });
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-4" noValidate data-testid="security-password-form">
      {policy.data && <PasswordPolicyHint complexity={policy.data.complexity} />}
      <Field id="old-password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} label={t("currentPassword")} error={errors.oldPassword} {...form.register("oldPassword")} />
      <Field id="new-password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} label={t("newPassword")} error={errors.password} {...form.register("password")} />
      <Field id="confirm-password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} label={t("confirmPassword")} error={errors.confirmPassword} {...form.register("confirmPassword")} />
      <div>
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {t("changePassword")}
        </Button>
      </div>
    </form>
  );
}

function ContactCard({ type, value, onChanged }: { type: SafetyType; value: string | null | undefined; onChanged: () => void }) {
  const t = useTranslations("system.security");
  const [open, setOpen] = React.useState(false);
  const Icon = type === "phone" ? SmartphoneIcon : MailIcon;
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <Icon className="size-5 text-primary" aria-hidden />
        <div className="flex-1">
          <CardTitle className="text-base">{t(`title.${type}`)}</CardTitle>
          <p className="text-sm text-muted-foreground">{t(`desc.${type}`)}</p>
        </div>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-3">
        {value === undefined ? <Skeleton className="h-5 w-32" /> : value ? <span className="font-medium tabular-nums" data-testid={`security-${type}`}>{value}</span> : <Badge variant="secondary">{t("notBound")}</Badge>}
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={value === undefined} data-testid={`security-${type}-change`}>
          {value ? t("changeButton") : t("bindButton")}
        </Button>
      </CardContent>
      <ContactDialog
        type={type}
        current={value ?? null}
        open={open}
        onOpenChange={setOpen}
        onDone={() => {
          setOpen(false);
          onChanged();
        }}
      />
    </Card>
  );
}

/** securitySet: the signed-in user's own phone, e-mail and password. */
export function SecurityView() {
  const t = useTranslations("system.security");
  const me = useCall(loginApi.userInfo, {});
  const user = me.data?.user;
  return (
    <PageFrame>
      <div className="grid items-start gap-4 lg:grid-cols-2" data-testid="security-view">
        <ContactCard type="phone" value={user ? user.phone : undefined} onChanged={() => me.mutate()} />
        <ContactCard type="email" value={user ? user.email : undefined} onChanged={() => me.mutate()} />
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center gap-3">
            <KeyRoundIcon className="size-5 text-primary" aria-hidden />
            <div>
              <CardTitle className="text-base">{t("title.password")}</CardTitle>
              <p className="text-sm text-muted-foreground">{t("desc.password")}</p>
            </div>
          </CardHeader>
          <CardContent>
            <PasswordForm />
          </CardContent>
        </Card>
      </div>
    </PageFrame>
  );
}
