"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { ApiError, request } from "@/lib/api/fetcher";
import type { z } from "zod";
import type { Captcha, PasswordChangeRequired, phoneLogin, usernameLogin } from "@/lib/contract/auth";
import { Code } from "@/lib/contract/envelope";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/kit/form/field";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import type { PasswordReminders } from "./password-notice";
import { loginCalls, withLoginCalls } from "./login-calls";
import { SendCodeButton } from "./send-code-button";

export type LoginOutcome = { kind: "ok"; reminders: PasswordReminders } | { kind: "change"; change: PasswordChangeRequired };

/** Posts to the console's own login handler; the token stays server-side in the session cookie. */
async function postLogin(body: Record<string, unknown>): Promise<LoginOutcome> {
  try {
    const { pwdExpireDays, pwdWelcome } = await request<PasswordReminders>("POST", "auth/login", { body, silent: true });
    return { kind: "ok", reminders: { pwdExpireDays, pwdWelcome } };
  } catch (e) {
    if (e instanceof ApiError && e.code === Code.PASSWORD_CHANGE_REQUIRED) return { kind: "change", change: e.data as PasswordChangeRequired };
    throw e;
  }
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid="login-error" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}


export function PasswordLoginForm({ tId, onOutcome }: { tId: number; onOutcome: (o: LoginOutcome) => void }) {
  const t = useTranslations("login");
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof usernameLogin>>({ resolver: lazyZodResolver(() => import("@/lib/contract/auth").then((m) => m.usernameLogin)), defaultValues: { tId, username: "", password: "", captchaKey: "", captchaCode: "" } });
  const loadCaptcha = async () => {
    const { call, loginApi } = await loginCalls();
    const c = await call(loginApi.captcha, {});
    setCaptcha(c);
    form.setValue("captchaKey", c.captchaKey);
    form.setValue("captchaCode", "");
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onOutcome(await postLogin({ mode: "username", ...values }));
    } catch (e) {
      const err = e as ApiError;
      setError(err.message);
      form.setValue("password", "");
      // The cloud demands a captcha after repeated failures; every attempt spends the current one.
      if (err.code === Code.CAPTCHA_REQUIRED || captcha) await loadCaptcha().catch(() => undefined);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormError message={error} />
      <Field id="username" autoComplete="username" label={t("fields.username")} placeholder={t("placeholders.username")} error={errors.username} {...form.register("username")} />
      <Field id="password" type="password" autoComplete="current-password" label={t("fields.password")} placeholder={t("placeholders.password")} error={errors.password} {...form.register("password")} />
      {captcha && (
        <Field id="captcha" autoComplete="off" label={t("fields.captcha")} placeholder={t("placeholders.captcha")} error={errors.captchaCode} {...form.register("captchaCode")}>
          <button type="button" onClick={loadCaptcha} title={t("refreshCaptcha")} className="h-9 w-[120px] shrink-0 overflow-hidden rounded-md border bg-white">
            <img src={captcha.image} alt={t("fields.captcha")} data-testid="captcha-image" className="h-full w-full object-cover" />
          </button>
        </Field>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}

export function SmsLoginForm({ tId, onOutcome }: { tId: number; onOutcome: (o: LoginOutcome) => void }) {
  const t = useTranslations("login");
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof phoneLogin>>({ resolver: lazyZodResolver(() => import("@/lib/contract/auth").then((m) => m.phoneLogin)), defaultValues: { tId, phone: "", code: "" } });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onOutcome(await postLogin({ mode: "phone", ...values }));
    } catch (e) {
      setError((e as ApiError).message);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormError message={error} />
      <Field id="phone" type="tel" autoComplete="tel" label={t("fields.phone")} placeholder={t("placeholders.phone")} error={errors.phone} {...form.register("phone")} />
      <Field id="code" inputMode="numeric" maxLength={6} autoComplete="one-time-code" label={t("fields.code")} placeholder={t("placeholders.code")} error={errors.code} {...form.register("code")}>
        <SendCodeButton send={withLoginCalls(({ call, loginApi }) => call(loginApi.sendSmsCode, { tId, phone: form.getValues("phone") }))} valid={() => form.trigger("phone")} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
