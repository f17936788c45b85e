"use client";

import { deferredDialogs, defineResource, remoteOptions, resourcePage } from "@/components/kit";
import { projectApi } from "@/lib/contract/project";
import { apiKey, apiKeyApi, type ApiKeyCreated, type ApiKeyRow } from "@/lib/contract/system/api-key";
import { freshKey } from "./fresh-key";

/** The dialog showing a key once, loaded after the list (`deferredDialogs`): the key waits in `freshKey` until it renders. */
const NewKeyDialog = deferredDialogs(() => import("./new-key-dialog").then((m) => m.NewKeyDialog));

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
    onSaved: (answer) => freshKey.set(answer as ApiKeyCreated),
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
