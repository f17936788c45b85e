"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LOGIN_BANNER_MAX, saveLogin } from "@/lib/contract/system/company-settings";
import type { FormField } from "@/components/kit";
import { ImageUpload } from "@/components/kit/upload";
import { PageFrame } from "@/components/kit/page-frame";
import { SettingsBody, SettingsCard } from "./settings-card";
import { useCompany } from "./use-company";

const NS = "system.company";

/** The stored banner list is JSON text (core §3 `loginBanner`); anything unreadable is no banner. */
export function bannerList(text: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(text || "[]");
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string" && p.length > 0) : [];
  } catch {
    return [];
  }
}

/** loginPage: text, link, banner carousel, logo and backdrop of the login screen (core §9 sizes).
 *  The images are uploaded public: the login screen shows them before anyone signs in. */
export function LoginPageView() {
  const t = useTranslations(NS);
  const { data, error, saved } = useCompany();
  const values = React.useMemo(
    () =>
      data
        ? { loginText: data.loginText, loginLink: data.loginLink, loginBanner: bannerList(data.loginBanner), loginLogo: data.loginLogo, loginBackdrop: data.loginBackdrop }
        : {},
    [data],
  );
  const fields: FormField[] = [
    { name: "loginText", label: "fields.loginText", type: "textarea", placeholder: "placeholders.loginText" },
    { name: "loginLink", label: "fields.loginLink", placeholder: "placeholders.loginLink", hint: "hints.loginLink" },
    {
      name: "loginBanner",
      label: "fields.loginBanner",
      type: "custom",
      render: ({ field, disabled, invalid }) => (
        <ImageUpload value={(field.value ?? []) as string[]} onChange={field.onChange} limit={LOGIN_BANNER_MAX} purpose="loginBanner" sizeHint="1200×500" disabled={disabled} aria-invalid={invalid} />
      ),
    },
    {
      name: "loginLogo",
      label: "fields.loginLogo",
      type: "custom",
      render: ({ field, disabled, invalid }) => <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="loginLogo" sizeHint={t("hints.height", { n: 80 })} disabled={disabled} aria-invalid={invalid} />,
    },
    {
      name: "loginBackdrop",
      label: "fields.loginBackdrop",
      type: "custom",
      render: ({ field, disabled, invalid }) => <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="loginBackdrop" sizeHint="1920×1080" disabled={disabled} aria-invalid={invalid} />,
    },
  ];
  return (
    <PageFrame>
      <SettingsBody data={data} error={error}>
        {() => (
          <div className="max-w-3xl">
            <SettingsCard ns={NS} testId="login-page" title={t("cards.login")} description={t("cards.loginDesc")} schema={saveLogin} values={values} fields={fields} endpoint="sys/company/saveLogin" perm="sys:company:saveLogin" onSaved={saved} />
          </div>
        )}
      </SettingsBody>
    </PageFrame>
  );
}
