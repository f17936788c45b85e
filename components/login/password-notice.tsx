"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { STORAGE } from "@/lib/client-state";
import type { LoginResult } from "@/lib/contract/auth";
import { stickyWarning } from "@/components/app/sticky-warning";
import { ChangePasswordDialog } from "@/components/kit/lazy-password-dialogs";

/** What the login answer says about the password (regular change, core §9). */
export type PasswordReminders = Pick<LoginResult, "pwdExpireDays" | "pwdWelcome">;

/** Carries the login answer's reminders across the navigation into the console; a login without
 *  any clears what an earlier one left behind. */
export function rememberPasswordReminders({ pwdExpireDays, pwdWelcome }: PasswordReminders) {
  if (pwdExpireDays === undefined && !pwdWelcome) sessionStorage.removeItem(STORAGE.pwdNotice);
  else sessionStorage.setItem(STORAGE.pwdNotice, JSON.stringify({ pwdExpireDays, pwdWelcome }));
}

function takeReminders(): PasswordReminders | null {
  const raw = sessionStorage.getItem(STORAGE.pwdNotice);
  if (!raw) return null;
  sessionStorage.removeItem(STORAGE.pwdNotice);
  try {
    return JSON.parse(raw) as PasswordReminders;
  } catch {
    return null; // not ours to complain about: the next login writes it afresh
  }
}

/**
 * Shows the last login's password reminder once — the password expires soon, or a new account
 * still has its first password — with a button to the change-password dialog. Mount once inside
 * the console shell.
 */
export function PasswordNotice() {
  const t = useTranslations("login.notice");
  const [changing, setChanging] = React.useState(false);
  React.useEffect(() => {
    const r = takeReminders();
    if (!r) return;
    const action = { label: t("change"), onClick: () => setChanging(true) };
    // Expiry is the more pressing of the two, and both ask for the same thing: one notice.
    if (typeof r.pwdExpireDays === "number") {
      stickyWarning("password-notice", r.pwdExpireDays === 0 ? t("expiresToday") : t("expires", { n: r.pwdExpireDays }), { description: t("expiresHint"), action });
    } else if (r.pwdWelcome) {
      stickyWarning("password-notice", t("welcome"), { description: t("welcomeHint"), action });
    }
  }, [t]);
  return <ChangePasswordDialog open={changing} onOpenChange={setChanging} />;
}
