"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { API_KEY_REVOKE_PERM, apiKeyApi, tenantApiKey, type TenantApiKeyRow } from "@/lib/contract/system/api-key";

/**
 * /systemSet/tenantApiKeys: a tenant administrator's view of every API key of the tenant's users
 * (owner, access, projects, expiry, last use and from where), with revoke. Keys are made by their
 * users under their security settings, never here.
 */
export const tenantApiKeysResource = defineResource<TenantApiKeyRow>({
  entity: tenantApiKey,
  calls: { page: apiKeyApi.tenantPage, del: apiKeyApi.tenantRevoke },
  form: false,
  search: { items: { owner: { placeholder: "placeholders.owner" }, name: { placeholder: "placeholders.name" } } },
  columns: {
    owner: { minWidth: 160 },
    prefix: { width: 150, render: (r) => <code className="font-mono text-xs">{r.prefix}</code> },
    projectNames: { minWidth: 160, render: (r, ui) => (r.projectNames.length ? r.projectNames.join("、") : ui.t("ownerAllProjects")) },
  },
  rowActions: [
    {
      key: "revoke",
      label: "revoke",
      danger: true,
      perm: API_KEY_REVOKE_PERM,
      show: (r) => r.status === 1,
      onClick: async (r, ui) => {
        if (await ui.remove([r], ui.t("tenantRevokeConfirm", { owner: r.owner, name: r.name }))) await ui.refresh();
      },
    },
  ],
  toolbar: [],
  slots: { top: (ui) => <p className="text-sm text-muted-foreground">{ui.t("tenantIntro")}</p> },
});

export const TenantApiKeyList = resourcePage(tenantApiKeysResource);
