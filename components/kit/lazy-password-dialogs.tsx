"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import type * as Dialogs from "./password-dialogs";

/**
 * The password dialogs for pages that open them on demand (the shell's user menu and password
 * reminders, the user and tenant lists' reset): their form code (react-hook-form, the schemas,
 * radix checkbox) loads the first time one opens, not with the page — a closed dialog mounted
 * on every page cost its code's evaluation and a render at each load (issue 41, blocking time).
 * Once opened it stays mounted, so it closes with its animation.
 */
const ChangeDialog = dynamic(() => import("./password-dialogs").then((m) => m.ChangePasswordDialog), { ssr: false });
const ResetDialog = dynamic(() => import("./password-dialogs").then((m) => m.ResetPasswordDialog), { ssr: false });

/** Whether a dialog has opened yet: set during the render that first sees it open. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function ChangePasswordDialog(props: React.ComponentProps<typeof Dialogs.ChangePasswordDialog>) {
  return useOpenedOnce(props.open) ? <ChangeDialog {...props} /> : null;
}

export function ResetPasswordDialog(props: React.ComponentProps<typeof Dialogs.ResetPasswordDialog>) {
  return useOpenedOnce(props.open) ? <ResetDialog {...props} /> : null;
}
