"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ChevronRightIcon, FolderIcon, LibraryIcon, PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import type { CallInput } from "@/lib/contract/call";
import { DEFAULT_GRANT, GRANTABLE, KNOWLEDGE_LIMITS, ROOT_FOLDER, canManage, knowledgeApi, type AuthGrant, type AuthType, type KnowledgeNode, type RecycledNode } from "@/lib/contract/knowledge/knowledge";
import { KitDialog, MoveDialog as KitMoveDialog, RecycleBinDialog, SelectField } from "@/components/kit";
import { PeoplePicker, type PeopleValue } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

type GrantKind = AuthGrant["kind"];
const KIND_KEY: Record<GrantKind, keyof PeopleValue> = { user: "userIds", department: "departmentIds", group: "groupIds" };

/** Grants as `authHeader` / `auth` take them: one entry per right for the node; with every grant removed, one naming no one. */
export function toEntries(fileId: number, grants: readonly { authType: AuthType; kind: GrantKind; id: number }[]): CallInput<typeof knowledgeApi.auth> {
  const entries = GRANTABLE.map((authType) => {
    const of = (kind: GrantKind) => grants.filter((g) => g.authType === authType && g.kind === kind).map((g) => g.id);
    return { authType, fileId, userIds: of("user"), deparIds: of("department"), groupIds: of("group") };
  }).filter((e) => e.userIds.length + e.deparIds.length + e.groupIds.length > 0);
  return entries.length ? entries : [{ fileId }];
}

/**
 * Permission management (widgets §2, §4): the grantees of a base or folder with their right
 * (view-only or manage); new grantees start view-only; the owner cannot be picked. Each change is
 * saved at once, so the list always shows what the cloud holds.
 */
export function AuthDialog({ node, onClose }: { node: KnowledgeNode; onClose: () => void }) {
  const t = useTranslations("knowledge");
  const base = node.fileType === "9";
  const calls = base ? { grants: knowledgeApi.headerGrants, save: knowledgeApi.authHeader } : { grants: knowledgeApi.grants, save: knowledgeApi.auth };
  const { data, mutate, isLoading } = useCall(calls.grants, { id: node.fileId });
  const [picking, setPicking] = React.useState(false);
  const grants = data ?? [];

  const save = async (next: { authType: AuthType; kind: GrantKind; id: number }[]) => {
    try {
      await call(calls.save, toEntries(node.fileId, next));
      toast.success(t("done.authSaved"));
    } finally {
      await mutate();
    }
  };

  const picked: PeopleValue = { userIds: [], departmentIds: [], groupIds: [] };
  for (const g of grants) picked[KIND_KEY[g.kind]].push(g.id);

  const onPicked = (v: PeopleValue) => {
    const next: { authType: AuthType; kind: GrantKind; id: number }[] = [];
    for (const kind of ["user", "department", "group"] as const)
      for (const id of v[KIND_KEY[kind]]) next.push({ kind, id, authType: grants.find((g) => g.kind === kind && g.id === id)?.authType ?? DEFAULT_GRANT });
    void save(next).catch(() => undefined);
  };

  return (
    <>
      <KitDialog
        onClose={onClose}
        title={`${t("auth.title")} · ${node.fileName}`}
        width={KNOWLEDGE_LIMITS.dialogWidth}
        testId="knowledge-auth-dialog"
        actions="close"
      >
        <div className="mb-3 flex items-center gap-2">
          <span className="flex-1 text-sm text-muted-foreground">{t("auth.owner", { name: node.headerUserName })}</span>
          <Button size="sm" onClick={() => setPicking(true)} data-testid="auth-add">
            <PlusIcon />
            {t("auth.add")}
          </Button>
        </div>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : grants.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t("auth.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="auth-list">
            {grants.map((g) => (
              <li key={`${g.kind}-${g.id}`} className="flex items-center gap-3 px-3 py-2" data-testid="auth-row">
                <Badge variant="secondary">{t(`auth.kind.${g.kind}`)}</Badge>
                <span className="min-w-0 flex-1 truncate text-sm">{g.name}</span>
                <SelectField
                  className="w-40"
                  label={t("auth.right")}
                  options={GRANTABLE.map((a) => ({ value: a, label: t(`authType.${a}`) }))}
                  value={g.authType}
                  clearable={false}
                  onChange={(authType) => void save(grants.map((x) => (x === g ? { ...x, authType: authType as AuthType } : x))).catch(() => undefined)}
                />
                <Button variant="ghost" size="icon" aria-label={t("auth.remove")} onClick={() => void save(grants.filter((x) => x !== g)).catch(() => undefined)}>
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </KitDialog>
      <PeoplePicker open={picking} onOpenChange={setPicking} value={picked} onConfirm={onPicked} disabled={{ userIds: [node.headerUserId] }} title={t("auth.pickTitle")} />
    </>
  );
}

/** Change owner (widgets §4): one user of the tenant; the current owner cannot be picked. */
export function OwnerDialog({ node, onClose, onSaved }: { node: KnowledgeNode; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("knowledge");
  return (
    <PeoplePicker
      open
      onOpenChange={(o) => !o && onClose()}
      tabs={["user"]}
      multiple={false}
      title={t("owner.title")}
      disabled={{ userIds: [node.headerUserId] }}
      onConfirm={async (v) => {
        const userId = v.userIds[0];
        if (!userId) {
          toast.warning(t("owner.none"));
          return;
        }
        try {
          await call(knowledgeApi.changeOwner, { id: node.fileId, userId });
          toast.success(t("done.ownerChanged"));
          onSaved();
          onClose();
        } catch {
          /* shown by the fetcher */
        }
      }}
    />
  );
}

/** The folders a node may move into: bases and folders the caller manages. */
function TargetTree({ nodes, depth, selected, onSelect, blocked }: { nodes: KnowledgeNode[]; depth: number; selected: number | null; onSelect: (n: KnowledgeNode) => void; blocked: (n: KnowledgeNode) => boolean }) {
  const t = useTranslations("knowledge.move");
  return (
    <ul>
      {nodes
        .filter((n) => n.fileType !== "2" && canManage(n.authType))
        .map((n) => (
          <li key={n.fileId}>
            <button
              type="button"
              data-testid="move-target"
              className={cn("flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent", selected === n.fileId && "bg-primary/10 text-primary", blocked(n) && "text-muted-foreground")}
              style={{ paddingLeft: `${depth * 16 + 8}px` }}
              onClick={() => onSelect(n)}
            >
              {n.fileType === "9" ? <LibraryIcon className="size-4 shrink-0" /> : <FolderIcon className="size-4 shrink-0" />}
              <span className="truncate">{n.fileType === "9" ? t("root", { name: n.fileName }) : n.fileName}</span>
            </button>
            {n.subList.length > 0 && <TargetTree nodes={n.subList} depth={depth + 1} selected={selected} onSelect={onSelect} blocked={blocked} />}
          </li>
        ))}
    </ul>
  );
}

/** Move (widgets §4, §5): into a folder or base root the caller manages, never itself, a child or its parent. */
export function MoveDialog({ node, tree, onClose, onSaved }: { node: KnowledgeNode; tree: KnowledgeNode[]; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("knowledge");
  const inside = React.useMemo(() => {
    const ids = new Set<number>();
    const walk = (n: KnowledgeNode) => (ids.add(n.fileId), n.subList.forEach(walk));
    walk(node);
    return ids;
  }, [node]);
  const blocked = (n: KnowledgeNode) => inside.has(n.fileId) || n.fileId === node.parentId;
  return (
    <KitMoveDialog<KnowledgeNode>
      title={`${t("move.title")} · ${node.fileName}`}
      width={KNOWLEDGE_LIMITS.dialogWidth}
      testId="knowledge-move-dialog"
      prompt={
        <>
          <ChevronRightIcon className="size-4" />
          {t("move.target")}
        </>
      }
      tree={(target, choose) => (
        <div className="max-h-[50vh] overflow-auto rounded-md border p-1">
          <TargetTree nodes={tree} depth={0} selected={target?.fileId ?? null} onSelect={choose} blocked={blocked} />
        </div>
      )}
      refused={blocked}
      messages={{ none: t("move.none"), refused: t("move.refused"), moved: t("done.moved") }}
      move={(target) => call(knowledgeApi.move, { id: node.fileId, fileId: target.fileType === "9" ? ROOT_FOLDER : target.fileId, headerId: target.headerId })}
      onClose={onClose}
      onDone={onSaved}
    />
  );
}

/** The knowledge base's recycle bin: the kit's, with the base each item was in. */
export function RecycleDialog({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const t = useTranslations("knowledge");
  return (
    <RecycleBinDialog<RecycledNode>
      calls={knowledgeApi}
      idOf={(r) => r.fileId}
      icon={(r) => (r.fileType === "1" ? <FolderIcon className="size-4 text-amber-500" /> : <Trash2Icon className="size-4 text-muted-foreground" />)}
      columns={[{ label: t("recycle.base"), cell: (r) => r.headerName }]}
      hint={t("recycle.hint")}
      confirmPurge={() => t("recycle.confirmPurge")}
      width={KNOWLEDGE_LIMITS.dialogWidth}
      testId="knowledge-recycle-dialog"
      rowTestId="recycle-row"
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}
