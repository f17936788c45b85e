"use client";

import { usePathname } from "next/navigation";
import { useLocale } from "next-intl";
import { flattenMenu, menuPathOf, menuTitle, type MenuNode } from "@/lib/shell/menu";
import { cn } from "@/lib/utils";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { ACTIVE, ITEM, NodeIcon } from "./menu-parts";
import { useOpenEntry } from "./use-open-entry";

/** Collapsed: icons only; a folder lists its entries in a dropdown. */
export function CollapsedNode({ node }: { node: MenuNode }) {
  const locale = useLocale();
  const pathname = usePathname();
  const open = useOpenEntry();
  const leaves = node.childrens.length ? flattenMenu(node.childrens) : [{ node, trail: [] }];
  const active = leaves.some((l) => l.node.path?.toLowerCase() === menuPathOf(pathname));
  const title = menuTitle(node, locale);
  if (!node.childrens.length) {
    return (
      <li>
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" onClick={() => open(node)} aria-label={title} data-testid="menu-entry" data-path={node.path ?? ""} className={cn(ITEM, "justify-center px-0", active && ACTIVE)}>
              <NodeIcon name={node.icon} className="size-5" />
            </button>
          </TooltipTrigger>
          <TooltipContent side="right">{title}</TooltipContent>
        </Tooltip>
      </li>
    );
  }
  return (
    <li>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button type="button" aria-label={title} title={title} data-testid="menu-folder" className={cn(ITEM, "justify-center px-0", active && ACTIVE)}>
            <NodeIcon name={node.icon} className="size-5" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="right" align="start" className="max-h-[70vh] overflow-y-auto">
          <DropdownMenuLabel>{title}</DropdownMenuLabel>
          {leaves.map(({ node: leaf }) => (
            <DropdownMenuItem key={leaf.id} onSelect={() => open(leaf)} data-testid="menu-entry" data-path={leaf.path ?? ""}>
              <NodeIcon name={leaf.icon} className="size-4" />
              {menuTitle(leaf, locale)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
