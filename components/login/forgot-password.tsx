"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import { forgetPwdEmailVerify, forgetPwdSmsVerify } from "@/lib/contract/auth";
import type { PwdMode } from "./login-types";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { ModeTabsList } from "./mode-tabs";
import { ChangePasswordForm } from "./change-password-form";
import { Field } from "@/components/kit/form/field";
import { loginCalls, withLoginCalls } from "./login-calls";
import { SendCodeButton } from "./send-code-button";

type Method = "sms" | "email";

/** Forgot password: prove the phone or e-mail with a code, then choose a password meeting the policy. */
export function ForgotPassword({ tId, pwdMode, onDone }: { tId: number; pwdMode: PwdMode; onDone: () => void }) {
  const t = useTranslations("login");
  const methods = pwdMode.forget.methods;
  const [method, setMethod] = useState<Method>(methods[0] ?? "sms");
  const [dataCode, setDataCode] = useState<string | null>(null);
  if (!methods.length) return <p className="text-sm text-muted-foreground">{t("forgotNoMethod")}</p>;
  if (dataCode) return <ChangePasswordForm dataCode={dataCode} complexity={pwdMode.complexity} onDone={onDone} />;
  return (
    <div className="space-y-4">
      {methods.length > 1 && (
        <Tabs value={method} onValueChange={(v) => setMethod(v as Method)}>
          <ModeTabsList
            modes={[
              { value: "sms", label: t("forgotBySms") },
              { value: "email", label: t("forgotByEmail") },
            ]}
          />
        </Tabs>
      )}
      <VerifyStep key={method} method={method} tId={tId} onVerified={setDataCode} />
    </div>
  );
}

function VerifyStep({ method, tId, onVerified }: { method: Method; tId: number; onVerified: (dataCode: string) => void }) {
  const t = useTranslations("login");
  const target = method === "sms" ? "phone" : "email";
  const form = useForm<{ tId: number; phone?: string; email?: string; code: string }>({
    resolver: lazyZodResolver(async () => (method === "sms" ? forgetPwdSmsVerify : forgetPwdEmailVerify) as never),
    defaultValues: { tId, [target]: "", code: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { call, loginApi } = await loginCalls();
      const { code } = values;
      const data = method === "sms" ? await call(loginApi.forgetSms.verify, { tId, phone: values.phone ?? "", code }) : await call(loginApi.forgetEmail.verify, { tId, email: values.email ?? "", code });
      onVerified(data.dataCode);
    } catch {
      /* the fetcher showed the message */
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        id={`forgot-${target}`}
        type={method === "sms" ? "tel" : "email"}
        label={t(`fields.${target}`)}
        placeholder={t(`placeholders.${target}`)}
        error={errors[target]}
        {...form.register(target)}
      />
      <Field id="forgot-code" inputMode="numeric" maxLength={6} label={t("fields.code")} placeholder={t("placeholders.code")} error={errors.code} {...form.register("code")}>
        <SendCodeButton
          send={withLoginCalls(({ call, loginApi }) =>
            method === "sms" ? call(loginApi.forgetSms.send, { tId, phone: form.getValues("phone") ?? "" }) : call(loginApi.forgetEmail.send, { tId, email: form.getValues("email") ?? "" }),
          )}
          valid={() => form.trigger(target)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t("next")}
      </Button>
    </form>
  );
}
