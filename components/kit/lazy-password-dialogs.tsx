"use client";

import dynamic from "next/dynamic";

/**
 * `ChangePasswordDialog` for the shell (user menu, password reminders): its form code (react-hook-form,
 * the schemas, radix checkbox) loads after the page, not in the first load of every page.
 */
export const ChangePasswordDialog = dynamic(() => import("./password-dialogs").then((m) => m.ChangePasswordDialog), { ssr: false });
