"use client";

import { permsOf } from "@/lib/contract/call";
import { companyApi, LOGIN_BANNER_MAX, saveLogin, type CompanySettings } from "@/lib/contract/system/company-settings";
import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";
import { ImageUpload } from "@/components/kit/upload";
import { companySettings } from "../company-settings";

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
const loginPage = defineSettings<CompanySettings>({
  ...companySettings,
  ns: NS,
  cards: [
    {
      id: "login-page",
      title: "cards.login",
      description: "cards.loginDesc",
      schema: saveLogin,
      save: companyApi.saveLogin,
      perm: permsOf(companyApi.saveLogin)[0],
      values: (d) => ({ loginText: d.loginText, loginLink: d.loginLink, loginBanner: bannerList(d.loginBanner), loginLogo: d.loginLogo, loginBackdrop: d.loginBackdrop }),
      fields: ({ t }) => [
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
          render: ({ field, disabled, invalid }) => <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="loginLogo" sizeHint={t(`${NS}.hints.height`, { n: 80 })} disabled={disabled} aria-invalid={invalid} />,
        },
        {
          name: "loginBackdrop",
          label: "fields.loginBackdrop",
          type: "custom",
          render: ({ field, disabled, invalid }) => <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="loginBackdrop" sizeHint="1920×1080" disabled={disabled} aria-invalid={invalid} />,
        },
      ],
    },
  ],
});

export function LoginPageView() {
  return <SettingsPage settings={loginPage} />;
}
