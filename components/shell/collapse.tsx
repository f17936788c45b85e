"use client";

import { createContext, useContext, useState } from "react";
import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { MENU_COLLAPSED_COOKIE } from "@/lib/client-state";
import { Button } from "@/components/ui/button";

const CollapseContext = createContext<{ collapsed: boolean; toggle: () => void }>({ collapsed: false, toggle: () => undefined });

/** The side menu's collapsed state; a cookie lets the server render it the same way next time. */
export function CollapseProvider({ initial, children }: { initial: boolean; children: React.ReactNode }) {
  const [collapsed, setCollapsed] = useState(initial);
  const toggle = () =>
    setCollapsed((c) => {
      document.cookie = `${MENU_COLLAPSED_COOKIE}=${c ? 0 : 1}; Path=/; Max-Age=31536000; SameSite=Lax`;
      return !c;
    });
  return <CollapseContext.Provider value={{ collapsed, toggle }}>{children}</CollapseContext.Provider>;
}

export const useCollapse = () => useContext(CollapseContext);

export function CollapseButton() {
  const { collapsed, toggle } = useCollapse();
  const t = useTranslations("shell.menu");
  const label = collapsed ? t("expand") : t("collapse");
  return (
    <Button variant="ghost" size="icon" className="hidden md:inline-flex" onClick={toggle} aria-label={label} title={label} aria-expanded={!collapsed} data-testid="menu-collapse">
      {collapsed ? <PanelLeftOpen className="size-5" /> : <PanelLeftClose className="size-5" />}
    </Button>
  );
}
