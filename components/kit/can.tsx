"use client";

import { createContext, useCallback, useContext, useMemo, type ReactElement } from "react";
import { cn } from "@/lib/utils";

type Permissions = { codes: ReadonlySet<string>; roles: string };
const PermissionsContext = createContext<Permissions>({ codes: new Set(), roles: "" });

/**
 * The signed-in user's permission codes (menu nodes of type button) and role string, handed to
 * the client once by the shell layout (core §6).
 */
export function PermissionsProvider({ codes, roles, children }: { codes: readonly string[]; roles: string; children: React.ReactNode }) {
  const value = useMemo(() => ({ codes: new Set(codes), roles }), [codes, roles]);
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

/** `can(code)`: no code means allowed. `hasRole(code)` passes when the role string contains it. */
export function usePermissions() {
  const { codes, roles } = useContext(PermissionsContext);
  const can = useCallback((code?: string | null) => !code || codes.has(code), [codes]);
  const hasRole = useCallback((code: string) => roles.includes(code), [roles]);
  return { can, hasRole, roles };
}

/**
 * Hides its child when the code is missing; with `mode="disable"` (links and images) the child
 * stays visible with pointer events turned off instead.
 */
export function Can({ code, mode = "hide", children }: { code?: string | null; mode?: "hide" | "disable"; children: ReactElement<{ className?: string }> }) {
  const { can } = usePermissions();
  if (can(code)) return children;
  if (mode === "hide") return null;
  return (
    <span aria-disabled="true" className={cn("pointer-events-none opacity-50")} data-permission-denied={code ?? ""}>
      {children}
    </span>
  );
}
