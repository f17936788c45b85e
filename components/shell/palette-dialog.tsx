"use client";

import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Clock } from "lucide-react";
import { STORAGE } from "@/lib/client-state";
import { flattenMenu, homeEntry, menuTitle } from "@/lib/shell/menu";
import { dataSearchSource } from "@/lib/shell/data-search";
import { loadPinyin, paletteSources, textMatches, type PaletteItem, type PaletteSource, type Pinyin } from "@/lib/shell/search";
import { parseRecent, tabFor } from "@/lib/shell/tabs";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { MenuIcon } from "./menu-icon";
import { useShell } from "./shell-context";
import { useOpenEntry } from "./use-open-entry";

const MAX_PER_GROUP = 30;

/** The sources' answers by group heading (an item's own group, else its source's label), in the sources' order. */
function groupsOf(external: Record<string, PaletteItem[]>) {
  const groups = new Map<string, { source: string; item: PaletteItem }[]>();
  for (const source of allSources())
    for (const item of external[source.id] ?? []) {
      const heading = item.group ?? source.label;
      const group = groups.get(heading) ?? groups.set(heading, []).get(heading)!;
      if (group.length < MAX_PER_GROUP) group.push({ source: source.id, item });
    }
  return [...groups].map(([heading, items]) => ({ heading, items }));
}

/** The tenant's data (one search call), then whatever other domains registered. */
const allSources = (): PaletteSource[] => [dataSearchSource, ...paletteSources()];

/**
 * The palette itself (cmdk in a dialog): the user's menu entries (titles in both languages,
 * pinyin), recently visited pages, the tenant's devices, points, open alarms, projects and
 * documents, and whatever sources other domains registered with `registerPaletteSource`. Loaded
 * by `CommandPalette` on first opening, with the pinyin dictionary.
 */
export function PaletteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("shell");
  const tRoot = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const openEntry = useOpenEntry();
  const { menus } = useShell();
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<string[]>([]);
  const [external, setExternal] = useState<Record<string, PaletteItem[]>>({});
  const [pinyin, setPinyin] = useState<Pinyin | null>(null);

  useEffect(() => {
    if (!open) return;
    setQuery("");
    setRecent(parseRecent(localStorage.getItem(STORAGE.recent)));
  }, [open]);

  // Pinyin matching loads with the first opening, not with the page; hits by pinyin join when it arrives.
  useEffect(() => {
    if (open && !pinyin) loadPinyin().then(setPinyin, () => undefined);
  }, [open, pinyin]);

  // Registered sources may call the server: debounce and cancel superseded searches.
  useEffect(() => {
    const sources = allSources();
    if (!open || !query.trim()) return setExternal({});
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      for (const source of sources) {
        Promise.resolve(source.search(query, { locale, t: (k) => t(k) }, ctrl.signal))
          .then((items) => !ctrl.signal.aborted && setExternal((e) => ({ ...e, [source.id]: items })))
          .catch(() => undefined);
      }
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [open, query, locale, t]);

  // The fixed home entry first, as in the side menu.
  const entries = useMemo(() => [{ node: homeEntry(t("menu.home")), trail: [] }, ...flattenMenu(menus)], [menus, t]);
  const menuHits = entries.filter(({ node }) => textMatches(query, [node.name, node.nameEn], pinyin)).slice(0, MAX_PER_GROUP);
  const recentHits = recent
    .map((url) => {
      const tab = tabFor(url)!;
      // A recent page is found by its menu titles in both languages too, not only by this locale's.
      const entry = entries.find(({ node }) => node.path?.toLowerCase() === tab.path.toLowerCase())?.node;
      return { url, title: t(tab.meta.title), names: entry ? [entry.name, entry.nameEn] : [] };
    })
    .filter((r) => textMatches(query, [r.title, ...r.names], pinyin))
    .slice(0, MAX_PER_GROUP);

  const go = (run: () => void) => {
    onOpenChange(false);
    run();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-hidden p-0 sm:max-w-xl" showClose={false} aria-describedby={undefined}>
        <DialogTitle className="sr-only">{t("palette.title")}</DialogTitle>
        <Command shouldFilter={false} loop className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-muted-foreground" data-testid="palette">
          <CommandInput value={query} onValueChange={setQuery} placeholder={t("palette.placeholder")} />
          <CommandList className="max-h-96">
            <CommandEmpty>{t("palette.empty")}</CommandEmpty>
            {recentHits.length > 0 && (
              <CommandGroup heading={t("palette.recent")}>
                {recentHits.map((r) => (
                  <CommandItem key={`recent:${r.url}`} value={`recent:${r.url}`} onSelect={() => go(() => router.push(r.url))} data-testid="palette-item">
                    <Clock />
                    <span className="truncate">{r.title}</span>
                    <span className="ml-auto truncate text-xs text-muted-foreground">{r.url}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
            {menuHits.length > 0 && (
              <CommandGroup heading={t("palette.menu")}>
                {menuHits.map(({ node, trail }) => (
                  <CommandItem key={`menu:${node.id}`} value={`menu:${node.id}`} onSelect={() => go(() => openEntry(node))} data-testid="palette-item" data-path={node.path ?? ""}>
                    <MenuIcon name={node.icon} />
                    <span className="truncate">{menuTitle(node, locale)}</span>
                    <span className="ml-auto truncate text-xs text-muted-foreground">{trail.map((n) => menuTitle(n, locale)).join(" / ")}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            )}
            {groupsOf(external).map(({ heading, items }) => (
              <CommandGroup key={heading} heading={tRoot(heading)}>
                {items.map(({ source, item }) => (
                  <CommandItem
                    key={`${source}:${item.id}`}
                    value={`${source}:${item.id}`}
                    onSelect={() => go(() => (item.newWindow ? window.open(item.href, "_blank", "noopener,noreferrer") : router.push(item.href)))}
                    data-testid="palette-item"
                    data-href={item.href}
                  >
                    <span className="truncate">{item.title}</span>
                    {item.hint && <span className="ml-auto truncate text-xs text-muted-foreground">{item.hint}</span>}
                  </CommandItem>
                ))}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
