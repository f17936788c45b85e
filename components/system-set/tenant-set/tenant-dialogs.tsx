"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { ResetPasswordDialog } from "@/components/kit/lazy-password-dialogs";
import { tenantApi } from "@/lib/contract/system/tenant";

// Mounted only while `?auth=` is set: the dialog and its tree are not in the list's first load.
const TenantAuthDialog = dynamic(() => import("./tenant-auth-dialog").then((m) => m.TenantAuthDialog));

export type TenantDialog = "auth" | "resetPwd";
const KINDS: readonly TenantDialog[] = ["auth", "resetPwd"];

/**
 * The tenant list's own dialogs open from the URL like the kit's (`?auth=<id>`, `?resetPwd=<id>`).
 * Next's router follows `history.replaceState`, so `useSearchParams` sees the change.
 */
export function openTenantDialog(kind: TenantDialog, id: number | null) {
  const url = new URL(window.location.href);
  for (const k of KINDS) url.searchParams.delete(k);
  if (id !== null) url.searchParams.set(kind, String(id));
  window.history.replaceState(null, "", url);
}

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

export function TenantDialogs({ onDone }: { onDone?: () => unknown }) {
  const params = useSearchParams();
  const authId = idOf(params.get("auth"));
  const resetId = idOf(params.get("resetPwd"));
  const close = (kind: TenantDialog) => openTenantDialog(kind, null);
  return (
    <>
      {authId !== null && <TenantAuthDialog id={authId} onClose={() => close("auth")} onSaved={onDone} />}
      {resetId !== null && <ResetPasswordDialog open onOpenChange={(o) => !o && close("resetPwd")} id={resetId} policyTenantId={resetId} reset={tenantApi.resetPwd} onDone={() => onDone?.()} />}
    </>
  );
}
