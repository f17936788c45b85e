"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/kit/form/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { loginCalls } from "./login-calls";
import { newPasswordPair, type Complexity } from "@/lib/contract/password";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/kit/form/field";
import { PasswordPolicyHint } from "@/components/kit/password-policy-hint";

type Values = { password: string; confirmPassword: string };

/** New password against a one-time `dataCode`; the policy is checked here for comfort, by the cloud for truth. */
export function ChangePasswordForm({ dataCode, complexity, onDone }: { dataCode: string; complexity: Complexity; onDone: () => void }) {
  const t = useTranslations();
  const form = useForm<Values>({ resolver: lazyZodResolver(async () => newPasswordPair), defaultValues: { password: "", confirmPassword: "" } });
  const submit = form.handleSubmit(async (values) => {
    // The checker brings the pinyin dictionary (rule 6): loaded on submit, not with the login page.
    const problems = (await import("@/lib/contract/password-check")).checkPassword(values.password, complexity, {});
    if (problems.length) {
      form.setError("password", { message: problems.map((p) => t(p.key as "validation.required", p.values)).join(t("common.listSeparator")) });
      return;
    }
    try {
      const { call, loginApi } = await loginCalls();
      await call(loginApi.changePwd, { ...values, dataCode });
      toast.success(t("login.passwordChanged"));
      onDone();
    } catch {
      /* the fetcher showed the message */
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PasswordPolicyHint complexity={complexity} />
      <Field id="new-password" type="password" autoComplete="new-password" label={t("login.fields.newPassword")} placeholder={t("login.placeholders.newPassword")} error={errors.password} {...form.register("password")} />
      <Field id="confirm-password" type="password" autoComplete="new-password" label={t("login.fields.confirmPassword")} placeholder={t("login.placeholders.confirmPassword")} error={errors.confirmPassword} {...form.register("confirmPassword")} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t("login.changeSubmit")}
      </Button>
    </form>
  );
}
