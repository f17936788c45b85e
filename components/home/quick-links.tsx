"use client";

import { useLocale } from "next-intl";
import { flattenMenu, menuTitle } from "@/lib/shell/menu";
import { MenuIcon } from "@/components/shell/menu-icon";
import { useShell } from "@/components/shell/shell-context";
import { useOpenEntry } from "@/components/shell/use-open-entry";

const MAX = 12;

/** The first entries of the user's own menu, opened with the menu's rules. */
export function QuickLinks({ emptyText }: { emptyText: string }) {
  const { menus } = useShell();
  const locale = useLocale();
  const open = useOpenEntry();
  const entries = flattenMenu(menus).slice(0, MAX);
  if (!entries.length) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {entries.map(({ node }) => (
        <li key={node.id}>
          <button type="button" onClick={() => open(node)} className="flex w-full flex-col items-center gap-2 rounded-md p-3 text-sm hover:bg-primary-light-9 hover:text-primary dark:hover:bg-accent" data-testid="quick-link">
            <MenuIcon name={node.icon} className="size-6 text-primary" />
            <span className="line-clamp-1">{menuTitle(node, locale)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
