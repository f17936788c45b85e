"use client";

import dynamic from "next/dynamic";

/**
 * The password dialogs for pages that open them on demand (the shell's user menu and password
 * reminders, the user and tenant lists' reset): their form code (react-hook-form, the schemas,
 * radix checkbox) loads after the page, not in its first load.
 */
export const ChangePasswordDialog = dynamic(() => import("./password-dialogs").then((m) => m.ChangePasswordDialog), { ssr: false });
export const ResetPasswordDialog = dynamic(() => import("./password-dialogs").then((m) => m.ResetPasswordDialog), { ssr: false });
