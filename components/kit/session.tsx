"use client";

import { createContext, useContext } from "react";
import type { MenuNode } from "@/lib/shell/menu";

/**
 * Who is signed in, as the kit needs it (resource callbacks, the page frame's breadcrumbs). The
 * shell provides it from what its layout fetched; the kit never imports the shell.
 */
export type KitSession = {
  tenantId: number;
  projId: number | null;
  menus: MenuNode[];
  user: { id: number; name: string; realname: string; avatar: string | null };
};

const SessionContext = createContext<KitSession | null>(null);

export function SessionProvider({ value, children }: { value: KitSession; children: React.ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): KitSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside a SessionProvider (the console shell)");
  return value;
}

/**
 * The project chosen in the header (null: none); undefined outside the shell (a part rendered on its
 * own), where nothing waits for one.
 */
export function useChosenProject(): number | null | undefined {
  return useContext(SessionContext)?.projId;
}
