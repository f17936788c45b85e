"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { KeyRoundIcon, MailIcon, SmartphoneIcon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import { loginApi } from "@/lib/contract/auth";
import { PASSWORD_MAX } from "@/lib/contract/password";
import { pwdModeApi } from "@/lib/contract/system/pwd-mode";
import { safetyApi, safetyUpdPwd, type SafetyType } from "@/lib/contract/system/safety";
import { Field } from "@/components/kit/form/field";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";
import { PageFrame } from "@/components/kit/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";

/** The change / bind dialog, loaded when the browser is first idle or at the first click (radix dialog, the steps' forms). */
const contactDialog = deferred(() => import("./contact-dialog"));

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
  const { Part, open, setOpen, triggerProps } = useDeferredPopup(contactDialog, "dialog");
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
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} {...triggerProps} disabled={value === undefined} data-testid={`security-${type}-change`}>
          {value ? t("changeButton") : t("bindButton")}
        </Button>
      </CardContent>
      {Part && (
        <Part.ContactDialog
          type={type}
          current={value ?? null}
          open={open}
          onOpenChange={setOpen}
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      )}
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
