"use client";

import { useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Clock, Search } from "lucide-react";
import { STORAGE } from "@/lib/client-state";
import { flattenMenu, homeEntry, menuTitle } from "@/lib/shell/menu";
import { paletteSources, textMatches, type PaletteItem } from "@/lib/shell/search";
import { parseRecent, tabFor } from "@/lib/shell/tabs";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { MenuIcon } from "./menu-icon";
import { useShell } from "./shell-context";
import { useOpenEntry } from "./use-open-entry";

const MAX_PER_GROUP = 30;

/**
 * Ctrl/⌘-K: the user's menu entries (titles in both languages, pinyin initials), recently
 * visited pages, and whatever sources other domains registered with `registerPaletteSource`.
 */
export function CommandPalette() {
  const t = useTranslations("shell");
  const tRoot = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const openEntry = useOpenEntry();
  const { menus } = useShell();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<string[]>([]);
  const [external, setExternal] = useState<Record<string, PaletteItem[]>>({});

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    setQuery("");
    setRecent(parseRecent(localStorage.getItem(STORAGE.recent)));
  }, [open]);

  // Registered sources may call the server: debounce and cancel superseded searches.
  useEffect(() => {
    const sources = paletteSources();
    if (!open || !query.trim() || !sources.length) return setExternal({});
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      for (const source of sources) {
        Promise.resolve(source.search(query, { locale, t: (k) => t(k) }, ctrl.signal))
          .then((items) => !ctrl.signal.aborted && setExternal((e) => ({ ...e, [source.id]: items.slice(0, MAX_PER_GROUP) })))
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
  const menuHits = entries.filter(({ node }) => textMatches(query, [node.name, node.nameEn])).slice(0, MAX_PER_GROUP);
  const recentHits = recent
    .map((url) => {
      const tab = tabFor(url)!;
      // A recent page is found by its menu titles in both languages too, not only by this locale's.
      const entry = entries.find(({ node }) => node.path?.toLowerCase() === tab.path.toLowerCase())?.node;
      return { url, title: t(tab.meta.title), names: entry ? [entry.name, entry.nameEn] : [] };
    })
    .filter((r) => textMatches(query, [r.title, ...r.names]))
    .slice(0, MAX_PER_GROUP);

  const go = (run: () => void) => {
    setOpen(false);
    run();
  };

  return (
    <>
      <Button variant="outline" size="sm" className="hidden min-w-48 justify-between gap-3 pr-1.5 text-muted-foreground lg:inline-flex" onClick={() => setOpen(true)} data-testid="palette-open">
        <span className="flex min-w-0 items-center gap-2">
          <Search className="size-4" />
          <span className="truncate">{t("palette.open")}</span>
        </span>
        <kbd className="shrink-0 rounded border bg-muted px-1.5 py-0.5 font-sans text-[10px] leading-none">{t("palette.shortcut")}</kbd>
      </Button>
      {/* Phones and tablets: the same palette behind an icon. */}
      <Button variant="ghost" size="icon" className="lg:hidden" onClick={() => setOpen(true)} aria-label={t("palette.open")} title={t("palette.open")} data-testid="palette-open-compact">
        <Search className="size-5" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
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
              {paletteSources().map((source) =>
                external[source.id]?.length ? (
                  <CommandGroup key={source.id} heading={tRoot(source.label)}>
                    {external[source.id].map((item) => (
                      <CommandItem
                        key={`${source.id}:${item.id}`}
                        value={`${source.id}:${item.id}`}
                        onSelect={() => go(() => (item.newWindow ? window.open(item.href, "_blank", "noopener,noreferrer") : router.push(item.href)))}
                        data-testid="palette-item"
                      >
                        <span className="truncate">{item.title}</span>
                        {item.hint && <span className="ml-auto truncate text-xs text-muted-foreground">{item.hint}</span>}
                      </CommandItem>
                    ))}
                  </CommandGroup>
                ) : null,
              )}
            </CommandList>
          </Command>
        </DialogContent>
      </Dialog>
    </>
  );
}
