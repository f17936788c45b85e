"use client";

import * as React from "react";
import useSWR from "swr";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { api, swrFetcher } from "@/lib/api/fetcher";
import type { MenuTreeNode } from "@/lib/contract/system/menu";
import type { TenantInfo } from "@/lib/contract/system/tenant";
import { KitDialog } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { checkedLeaves, leafIds, savedIds, stateOf, toggle } from "./menu-check";

function MenuCheckRows({ nodes, leaves, onChange, depth }: { nodes: MenuTreeNode[]; leaves: Set<number>; onChange: (next: Set<number>) => void; depth: number }) {
  const locale = useLocale();
  const t = useTranslations("system.tenant.auth");
  const [collapsed, setCollapsed] = React.useState<Set<number>>(new Set());
  return (
    <ul role={depth === 0 ? "tree" : "group"}>
      {nodes.map((n) => {
        const state = stateOf(n, leaves);
        const open = !collapsed.has(n.id);
        const hasKids = n.childrens.length > 0;
        const name = locale === "en" && n.nameEn ? n.nameEn : n.name;
        return (
          <li key={n.id} role="treeitem" aria-expanded={hasKids ? open : undefined} aria-selected={state === "checked"}>
            <div className="flex h-8 items-center gap-1.5 rounded px-1 hover:bg-accent" style={{ paddingLeft: depth * 20 + 4 }}>
              {hasKids ? (
                <button type="button" className="rounded p-0.5 text-muted-foreground" aria-label={open ? t("collapse") : t("expand")} onClick={() => setCollapsed((c) => (c.delete(n.id) ? new Set(c) : new Set(c).add(n.id)))}>
                  {open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
                </button>
              ) : (
                <span className="w-5" />
              )}
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                <Checkbox checked={state === "indeterminate" ? "indeterminate" : state === "checked"} onCheckedChange={() => onChange(toggle(n, leaves, state !== "checked"))} data-menu-id={n.id} />
                <span className="truncate">{name}</span>
                {n.type === "button" && <Badge variant="secondary">{t("button")}</Badge>}
              </label>
            </div>
            {hasKids && open && <MenuCheckRows nodes={n.childrens} leaves={leaves} onChange={onChange} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

/** Menu authorisation of a tenant: the tenant menu tree with tri-state checkboxes → `tenant/updAuth`. */
export function TenantAuthDialog({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved?: () => unknown }) {
  const t = useTranslations("system.tenant.auth");
  const tk = useTranslations("kit");
  const tree = useSWR<MenuTreeNode[]>("sys/menu/all/tenant", swrFetcher);
  const info = useSWR<TenantInfo>(["sys/tenant/info", { id }], swrFetcher);
  const [leaves, setLeaves] = React.useState<Set<number> | null>(null);
  React.useEffect(() => {
    if (tree.data && info.data && leaves === null) setLeaves(checkedLeaves(tree.data, info.data.menuIds));
  }, [tree.data, info.data, leaves]);
  const [saving, setSaving] = React.useState(false);
  const all = React.useMemo(() => new Set((tree.data ?? []).flatMap(leafIds)), [tree.data]);

  async function save() {
    if (!tree.data || !leaves) return;
    setSaving(true);
    try {
      await api.post("sys/tenant/updAuth", { id, menuIds: savedIds(tree.data, leaves) });
      toast.success(tk("form.saved"));
      await onSaved?.();
      onClose();
    } catch {
      /* the fetcher showed the message; the dialog stays open */
    } finally {
      setSaving(false);
    }
  }

  const failed = (tree.error && !tree.data) || (info.error && !info.data);
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
      width={560}
      testId="tenant-auth-dialog"
      title={info.data ? t("titleOf", { name: info.data.name }) : t("title")}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={onClose}>
            {tk("actions.cancel")}
          </Button>
          <Button size="sm" onClick={save} disabled={!leaves || saving}>
            {tk("actions.submit")}
          </Button>
        </>
      }
    >
      {failed ? (
        <p className="py-8 text-center text-sm text-destructive">{tk("form.loadFailed")}</p>
      ) : !leaves || !tree.data ? (
        <div className="space-y-2">
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-7" />
          ))}
        </div>
      ) : (
        <div className="space-y-2">
          <div className="flex items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <Checkbox
                checked={leaves.size === 0 ? false : leaves.size === all.size ? true : "indeterminate"}
                onCheckedChange={() => setLeaves(leaves.size === all.size ? new Set() : new Set(all))}
                data-testid="auth-all"
              />
              {t("all")}
            </label>
            <span className="text-muted-foreground">{t("count", { n: leaves.size, total: all.size })}</span>
          </div>
          <div className="max-h-[60vh] overflow-auto rounded-md border p-1">
            <MenuCheckRows nodes={tree.data} leaves={leaves} onChange={setLeaves} depth={0} />
          </div>
        </div>
      )}
    </KitDialog>
  );
}
