"use client";

/**
 * Password dialogs (widgets §2, §5, §7, §8).
 *
 *   <ChangePasswordDialog open={open} onOpenChange={setOpen} />            // one's own password
 *   <ResetPasswordDialog open={open} onOpenChange={setOpen} id={user.id} reset={userApi.resetPwd} />
 *   <ResetPasswordDialog open={open} onOpenChange={setOpen} id={tenant.id} reset={tenantApi.resetPwd} />
 *
 * Both check the `passwordForm` schema and, for comfort, the tenant's policy (`pwdModeApi.info`);
 * the cloud checks again. The login-flow change is `components/login`.
 */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Controller, useForm, type FieldError } from "react-hook-form";
import { lazyZodResolver } from "./form/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { CopyIcon, EyeIcon, EyeOffIcon, WandSparklesIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { loginApi, type UserInfo } from "@/lib/contract/auth";
import { PASSWORD_MAX, passwordForm, type Complexity, type Identity } from "@/lib/contract/password";
import { pwdModeApi } from "@/lib/contract/system/pwd-mode";
import type { tenantApi } from "@/lib/contract/system/tenant";
import { userApi } from "@/lib/contract/system/user";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Field } from "./form/field";
import { PasswordPolicyHint } from "./password-policy-hint";
import { useCopy } from "./use-copy";

type Values = { password: string; confirmPassword: string; id: number; notifyFlag: number; changePwdFlag: number };
/** Another user's password, or a tenant administrator's. */
export type ResetPasswordCall = typeof userApi.resetPwd | typeof tenantApi.resetPwd;

/**
 * The password policy of the caller's tenant, or of `tenantId` (a platform administrator resetting a
 * tenant's administrator: that tenant's rules apply). A failed call just leaves the hint out (the
 * cloud still checks).
 */
function usePolicy(open: boolean, tenantId?: number) {
  const [complexity, setComplexity] = useState<Complexity | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const policy = tenantId ? call(loginApi.pwdMode, { tId: tenantId }, { silent: true }) : call(pwdModeApi.info, {}, { silent: true });
    policy.then((p) => live && setComplexity(p.complexity)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, tenantId]);
  return complexity;
}

/** Form state and submit shared by both dialogs; `who` feeds the identity rules of the policy. */
function usePasswordForm({ open, id, complexity, who, submit }: { open: boolean; id: number | null; complexity: Complexity | null; who: Identity; submit: (v: Values) => Promise<void> }) {
  const t = useTranslations();
  const form = useForm<Values>({
    resolver: lazyZodResolver(async () => passwordForm) as never,
    defaultValues: { password: "", confirmPassword: "", id: id ?? 0, notifyFlag: 2, changePwdFlag: 1 },
  });
  useEffect(() => {
    if (open) form.reset({ password: "", confirmPassword: "", id: 0, notifyFlag: 2, changePwdFlag: 1 });
  }, [open, form]);
  const validateAndSend = form.handleSubmit(async (values) => {
    // The checker brings the pinyin dictionary (rule 6): loaded on submit, not with the page.
    const problems = complexity ? (await import("@/lib/contract/password-check")).checkPassword(values.password, complexity, who) : [];
    if (problems.length) {
      form.setError("password", { message: problems.map((p) => t(p.key, p.values)).join(t("common.listSeparator")) });
      return;
    }
    try {
      await submit(values);
    } catch {
      /* the fetcher showed the cloud's message */
    }
  });
  // The own id arrives after the dialog opens; set at submit time so neither typing nor an effect's timing can lose it.
  const onSubmit: React.FormEventHandler<HTMLFormElement> = (e) => {
    if (id) form.setValue("id", id);
    return validateAndSend(e);
  };
  /** Messages are `validation.*` keys; their values are the password's known limits. */
  const error = (e?: FieldError): FieldError | undefined => {
    if (e?.message === "validation.pwdMismatch") return { ...e, message: t("widgets.password.mismatch") };
    return e?.message?.startsWith("validation.") ? { ...e, message: t(e.message, { max: PASSWORD_MAX, min: complexity?.pwdSize ?? 8 }) } : e;
  };
  return { form, onSubmit, error };
}

function PasswordFields({ form, error, extra }: { form: ReturnType<typeof usePasswordForm>["form"]; error: ReturnType<typeof usePasswordForm>["error"]; extra?: React.ReactNode }) {
  const t = useTranslations("widgets.password");
  const [shown, setShown] = useState(false);
  const type = shown ? "text" : "password";
  const { errors } = form.formState;
  return (
    <>
      <Field id="pwd-new" type={type} autoComplete="new-password" maxLength={PASSWORD_MAX} label={t("password")} placeholder={t("passwordPlaceholder")} error={error(errors.password)} {...form.register("password")}>
        <Button type="button" variant="outline" size="icon" aria-label={shown ? t("hide") : t("show")} onClick={() => setShown((s) => !s)}>
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
        {extra}
      </Field>
      <Field id="pwd-confirm" type={type} autoComplete="new-password" maxLength={PASSWORD_MAX} label={t("confirmPassword")} placeholder={t("confirmPlaceholder")} error={error(errors.confirmPassword)} {...form.register("confirmPassword")} />
    </>
  );
}

/** The frame of both password dialogs: title, the policy hint, the fields, cancel and submit. */
function PasswordDialogFrame({
  open,
  onOpenChange,
  title,
  complexity,
  onSubmit,
  disabled,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  complexity: Complexity | null;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const t = useTranslations("common.actions");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {complexity && <PasswordPolicyHint complexity={complexity} />}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={disabled}>
              {t("confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Changes the signed-in user's own password (`userApi.updPwd`, id = the caller's). */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const complexity = usePolicy(open);
  const [me, setMe] = useState<UserInfo["user"] | null>(null);
  useEffect(() => {
    if (!open) return;
    call(loginApi.userInfo, {})
      .then((info) => setMe(info.user))
      .catch(() => undefined);
  }, [open]);
  const { form, onSubmit, error } = usePasswordForm({
    open,
    id: me?.id ?? null,
    complexity,
    who: { username: me?.name, realname: me?.realname, phone: me?.phone, email: me?.email },
    submit: async (v) => {
      await call(userApi.updPwd, { ...v, notifyFlag: 2, changePwdFlag: 1 });
      toast.success(t("widgets.password.changed"));
      onOpenChange(false);
    },
  });
  return (
    <PasswordDialogFrame open={open} onOpenChange={onOpenChange} title={t("widgets.password.changeTitle")} complexity={complexity} onSubmit={onSubmit} disabled={!me || form.formState.isSubmitting}>
      <PasswordFields form={form} error={error} />
    </PasswordDialogFrame>
  );
}

/** Sets another user's password, or a tenant administrator's (id = the tenant's id). */
export function ResetPasswordDialog({
  open,
  onOpenChange,
  id,
  reset,
  onDone,
  policyTenantId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: number;
  reset: ResetPasswordCall;
  onDone?: () => void;
  /** Whose policy applies when it is not the caller's tenant (a tenant's administrator). */
  policyTenantId?: number;
}) {
  const t = useTranslations();
  const copyText = useCopy({ done: t("widgets.password.copied"), failed: t("widgets.password.copyFailed") });
  const complexity = usePolicy(open, policyTenantId);
  const { form, onSubmit, error } = usePasswordForm({
    open,
    id,
    complexity,
    // The identity rules are about the target user, whom only the cloud knows: it checks them.
    who: {},
    submit: async (v) => {
      await call(reset, v);
      toast.success(t("widgets.password.resetDone"));
      onOpenChange(false);
      onDone?.();
    },
  });

  async function generate() {
    try {
      const pw = await call(pwdModeApi.random, policyTenantId ? { tId: policyTenantId } : {});
      form.setValue("password", pw, { shouldValidate: form.formState.isSubmitted });
      form.setValue("confirmPassword", pw, { shouldValidate: form.formState.isSubmitted });
    } catch {
      /* the fetcher showed the message */
    }
  }

  async function copy() {
    const pw = form.getValues("password");
    if (!pw) {
      toast.warning(t("widgets.password.copyEmpty"));
      return;
    }
    await copyText(pw);
  }

  const notify = form.watch("notifyFlag") === 1;
  return (
    <PasswordDialogFrame open={open} onOpenChange={onOpenChange} title={t("widgets.password.resetTitle")} complexity={complexity} onSubmit={onSubmit} disabled={form.formState.isSubmitting}>
      <PasswordFields
        form={form}
        error={error}
        extra={
          <>
            <Button type="button" variant="outline" onClick={generate}>
              <WandSparklesIcon />
              {t("widgets.password.generate")}
            </Button>
            <Button type="button" variant="outline" size="icon" aria-label={t("widgets.password.copy")} title={t("widgets.password.copy")} onClick={copy}>
              <CopyIcon />
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Controller
          control={form.control}
          name="notifyFlag"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox
                id="pwd-notify"
                checked={field.value === 1}
                onCheckedChange={(c) => {
                  field.onChange(c === true ? 1 : 2);
                  // Notifying the user forces a change at first login (widgets §5).
                  if (c === true) form.setValue("changePwdFlag", 2);
                }}
              />
              <Label htmlFor="pwd-notify">{t("widgets.password.notify")}</Label>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="changePwdFlag"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox id="pwd-force" checked={field.value === 2} disabled={notify} onCheckedChange={(c) => field.onChange(c === true ? 2 : 1)} />
              <Label htmlFor="pwd-force">{t("widgets.password.forceChange")}</Label>
            </div>
          )}
        />
      </div>
    </PasswordDialogFrame>
  );
}
