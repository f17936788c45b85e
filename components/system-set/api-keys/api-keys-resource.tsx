"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CopyLine, defineResource, KitDialog, remoteOptions, resourcePage } from "@/components/kit";
import { projectApi } from "@/lib/contract/project";
import { apiKey, apiKeyApi, type ApiKeyCreated, type ApiKeyRow } from "@/lib/contract/system/api-key";

/**
 * The key just made: kept in memory only (never the URL, never storage), shown once by
 * `NewKeyDialog` and dropped when it closes.
 */
const fresh = {
  value: null as ApiKeyCreated | null,
  listeners: new Set<() => void>(),
  set(v: ApiKeyCreated | null) {
    this.value = v;
    for (const l of this.listeners) l();
  },
  subscribe(l: () => void) {
    fresh.listeners.add(l);
    return () => fresh.listeners.delete(l);
  },
};

function NewKeyDialog() {
  const t = useTranslations("system.apiKey");
  const made = React.useSyncExternalStore(fresh.subscribe, () => fresh.value, () => null);
  if (!made) return null;
  return (
    <KitDialog title={t("created")} description={t("createdHint")} width={640} onClose={() => fresh.set(null)} actions="close" testId="api-key-created">
      <div className="flex flex-col gap-3">
        <CopyLine label={made.name} value={made.key} copy={made.key} copyLabel={t("copy")} testId="api-key-secret" />
        <CopyLine label="MCP" value={`${window.location.origin}/api/mcp`} copy={`${window.location.origin}/api/mcp`} copyLabel={t("copy")} />
      </div>
    </KitDialog>
  );
}

/** /systemSet/apiKeys: the signed-in user's personal API keys, under their security settings. */
export const apiKeysResource = defineResource<ApiKeyRow>({
  entity: apiKey,
  calls: apiKeyApi,
  search: { items: { name: { placeholder: "placeholders.name" } } },
  columns: {
    prefix: { width: 150, render: (r) => <code className="font-mono text-xs">{r.prefix}</code> },
    projectNames: { minWidth: 160, render: (r, ui) => (r.projectNames.length ? r.projectNames.join("、") : ui.t("allProjects")) },
  },
  form: {
    width: 560,
    placeholders: ["name"],
    defaults: { writable: 0, ttlDays: 90, projectIds: [] },
    fields: {
      projectIds: { remote: remoteOptions(projectApi.list, "prjName", "id"), hint: "hints.projectIds", full: true },
      writable: { hint: "hints.writable" },
    },
    onSaved: (answer) => fresh.set(answer as ApiKeyCreated),
  },
  rowActions: [
    {
      key: "revoke",
      label: "revoke",
      danger: true,
      show: (r) => r.status === 1,
      onClick: async (r, ui) => {
        if (await ui.remove([r], ui.t("revokeConfirm", { name: r.name }))) await ui.refresh();
      },
    },
  ],
  toolbar: ["add"],
  slots: {
    top: (ui) => <p className="text-sm text-muted-foreground">{ui.t("intro")}</p>,
    dialogs: () => <NewKeyDialog />,
  },
});

export const ApiKeyList = resourcePage(apiKeysResource);
