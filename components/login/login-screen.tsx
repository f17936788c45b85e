"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { STORAGE } from "@/lib/client-state";
import type { PasswordChangeRequired } from "@/lib/contract/auth";
import { fileUrl } from "@/lib/file-url";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { ModeTabsList } from "./mode-tabs";
import { LanguageSwitch } from "@/components/app/language-switch";
import { PasswordLoginForm, SmsLoginForm, type LoginOutcome } from "./login-forms";
import { rememberPasswordReminders } from "./password-notice";
import type { LoginBranding, PwdMode } from "./login-types";
import { defaultCompanyInfo } from "@/lib/contract/company";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { BannerCarousel } from "./banner-carousel";
import { loginCalls } from "./login-calls";

// Shown only after a click or an answer of the login: not in the login page's first load.
const ForgotPassword = dynamic(() => import("./forgot-password").then((m) => m.ForgotPassword));
const ChangePasswordForm = dynamic(() => import("./change-password-form").then((m) => m.ChangePasswordForm));

const DEFAULT_PWD_MODE: PwdMode = { complexity: defaultPwdPolicy.complexity, forget: defaultPwdPolicy.forget };

/**
 * Branding the server did not get in time (null): built-in defaults at once, the tenant's when
 * the cloud answers the browser (an unreachable cloud keeps the defaults; the login will say so).
 */
function useLateBranding(tId: number, given: { company: LoginBranding | null; pwdMode: PwdMode | null }) {
  const [company, setCompany] = useState(given.company);
  const [pwdMode, setPwdMode] = useState(given.pwdMode);
  useEffect(() => {
    if (given.company && given.pwdMode) return;
    const quiet = () => {};
    void loginCalls().then(({ call, loginApi }) => {
      if (!given.company) call(loginApi.company, { tId }, { silent: true }).then(setCompany, quiet);
      if (!given.pwdMode) call(loginApi.pwdMode, { tId }, { silent: true }).then(setPwdMode, quiet);
    }, quiet);
  }, [tId, given.company, given.pwdMode]);
  return { company: company ?? defaultCompanyInfo, pwdMode: pwdMode ?? DEFAULT_PWD_MODE };
}

/** The login screen (issue 2 §7): branding from getCompany, password and SMS modes, forgot password. */
export function LoginScreen({ tId, target, ...given }: { tId: number; target: string; company: LoginBranding | null; pwdMode: PwdMode | null }) {
  const t = useTranslations();
  const { company, pwdMode } = useLateBranding(tId, given);
  const [forgot, setForgot] = useState(false);
  const [change, setChange] = useState<PasswordChangeRequired | null>(null);
  useEffect(() => localStorage.setItem(STORAGE.tenantId, String(tId)), [tId]);

  const onOutcome = (o: LoginOutcome) => {
    if (o.kind === "change") return setChange(o.change);
    sessionStorage.setItem(STORAGE.signedIn, "1");
    rememberPasswordReminders(o.reminders);
    // A full navigation: the console renders afresh with the new session.
    window.location.assign(target);
  };
  const name = company.compName || t("common.appName");
  const backdrop = company.loginBackdrop ? `url(${fileUrl(company.loginBackdrop)})` : undefined;
  const changeText = change?.reason === "expired" ? "login.changeExpired" : change?.reason === "reset" ? "login.changeReset" : "login.changeFirst";

  return (
    <div
      className="relative flex min-h-screen items-center justify-center bg-gradient-to-br from-primary-light-9 via-background to-primary-light-8 bg-cover bg-center p-4 dark:from-background dark:to-background"
      style={{ backgroundImage: backdrop }}
    >
      <div className="absolute right-4 top-4">
        <LanguageSwitch />
      </div>
      <div className="grid w-full max-w-5xl overflow-hidden rounded-2xl bg-card shadow-2xl md:grid-cols-[1.3fr_1fr]">
        <div className="relative hidden flex-col justify-between bg-primary p-8 text-primary-foreground md:flex">
          <BannerCarousel banners={company.loginBanner} />
          <div className="relative z-10 space-y-2">
            <p className="text-2xl font-semibold">{name}</p>
            <p className="text-sm opacity-90">{company.loginText || t("login.slogan")}</p>
            {company.loginLink && (
              <a href={company.loginLink} target="_blank" rel="noopener noreferrer" className="inline-block text-sm underline underline-offset-4">
                {t("login.learnMore")}
              </a>
            )}
          </div>
        </div>
        <div className="space-y-6 p-8">
          <div className="flex items-center gap-3">
            <img src={company.loginLogo ? fileUrl(company.loginLogo) : "/brand/logo.svg"} alt="" className="h-10 w-auto" />
            <div>
              <h1 className="text-xl font-semibold">{t("login.welcome")}</h1>
              <p className="text-xs text-muted-foreground">{name}</p>
            </div>
          </div>
          <Tabs defaultValue="password">
            <ModeTabsList
              modes={[
                { value: "password", label: t("login.modes.password") },
                { value: "sms", label: t("login.modes.sms") },
              ]}
            />
            <TabsContent value="password" className="pt-4">
              <PasswordLoginForm tId={tId} onOutcome={onOutcome} />
            </TabsContent>
            <TabsContent value="sms" className="pt-4">
              <SmsLoginForm tId={tId} onOutcome={onOutcome} />
            </TabsContent>
          </Tabs>
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>{t("login.tenant", { id: tId })}</span>
            <button type="button" className="text-primary hover:underline" onClick={() => setForgot(true)}>
              {t("login.forgot")}
            </button>
          </div>
        </div>
      </div>

      <Dialog open={forgot} onOpenChange={setForgot}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("login.forgotTitle")}</DialogTitle>
            <DialogDescription>{t("login.tenant", { id: tId })}</DialogDescription>
          </DialogHeader>
          {forgot && <ForgotPassword tId={tId} pwdMode={pwdMode} onDone={() => setForgot(false)} />}
        </DialogContent>
      </Dialog>
      <Dialog open={!!change} onOpenChange={(open) => !open && setChange(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("login.changeTitle")}</DialogTitle>
            <DialogDescription>{t(changeText as "login.changeFirst")}</DialogDescription>
          </DialogHeader>
          {change && <ChangePasswordForm dataCode={change.dataCode} complexity={pwdMode.complexity} onDone={() => setChange(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
