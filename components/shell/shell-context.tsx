"use client";

import { createContext, useContext } from "react";
import type { CompanyInfo } from "@/lib/contract/company";
import type { CollectEntry } from "@/lib/contract/system/menu-favourites";
import type { MenuNode } from "@/lib/shell/menu";
import { SessionProvider } from "@/components/kit/session";

export type ShellProject = { id: number; prjName: string };
export type ShellValue = {
  tenantId: number;
  projId: number | null;
  menus: MenuNode[];
  favourites: CollectEntry[];
  projects: ShellProject[];
  company: CompanyInfo;
  user: { id: number; name: string; realname: string; avatar: string | null };
  /** The menu's icons by name, drawn on the server (`menuIconsOf`). */
  menuIcons: Record<string, React.ReactNode>;
};

const ShellContext = createContext<ShellValue | null>(null);

/** What the server layout fetched for the shell, handed to its client parts once (and to the kit's session). */
export function ShellProvider({ value, children }: { value: ShellValue; children: React.ReactNode }) {
  return (
    <ShellContext.Provider value={value}>
      <SessionProvider value={value}>{children}</SessionProvider>
    </ShellContext.Provider>
  );
}

export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error("useShell outside the console shell");
  return value;
}
