"use client";

import { deferredDialogs, defineResource, ResourcePage, type ResourceUi, urlFixed, useSession } from "@/components/kit";
import { multilingualField } from "@/components/kit/form/multilingual-input";
import { Badge } from "@/components/ui/badge";
import { role, roleApi, roleUpdate, type RoleKind, type RoleRow } from "@/lib/contract/system/role";
import { SIDES, type RoleSide } from "./role-sides";

const RoleDialogs = deferredDialogs(() => import("./role-dialogs").then((m) => m.RoleDialogs));

/** The list of one side; `kind` is the roles it lists and creates (the cloud decides too). */
function roleResource(side: RoleSide, kind: RoleKind) {
  const cfg = SIDES[side];
  const members = (r: RoleRow, ui: ResourceUi<RoleRow>) => ui.setParam("members", r.id);
  return defineResource<RoleRow>({
    entity: role,
    entityLabel: cfg.entity,
    calls: { ...roleApi, upd: cfg.upd },
    perms: { add: cfg.perms.add, upd: cfg.perms.upd, del: cfg.perms.del },
    schemas: { update: roleUpdate },
    query: { kind: urlFixed(kind) },
    search: { items: { name: { placeholder: "placeholders.name" }, kind: false } },
    columns: {
      name: {
        minWidth: 160,
        render: (r, ui) => (
          <span className="flex items-center gap-2">
            {r.name}
            {r.builtIn && <Badge variant="secondary">{ui.t("builtIn")}</Badge>}
          </span>
        ),
      },
      code: { minWidth: 140 },
      memberCount: { label: side === "user" ? "fields.userCount" : "fields.tenantCount", width: 110, type: "click", onClick: members },
    },
    form: { columns: 1, defaults: { kind }, placeholders: ["code"], fields: { name: multilingualField } },
    rowActions: [
      "edit",
      { key: "auth", label: "auth", perm: cfg.perms.auth, show: (r) => !r.builtIn, onClick: (r, ui) => ui.setParam("auth", r.id) },
      { key: "members", label: side === "user" ? "users" : "tenants", perm: cfg.perms.members, onClick: members },
      { key: "del", label: "kit.actions.delete", perm: cfg.perms.del, danger: true, show: (r) => !r.builtIn, onClick: (r, ui) => ui.remove([r]) },
    ],
    toolbar: ["add"],
    slots: {
      dialogs: (ui) => <RoleDialogs side={side} onChanged={ui.refresh} />,
    },
  });
}

// A platform's roleSet lists management roles, everything else tenant roles.
const RESOURCES = { platform: roleResource("user", 1), user: roleResource("user", 2), tenant: roleResource("tenant", 2) };

/** roleSet and tenantRoleSet: the same list, configured by side. */
export function RoleList({ side }: { side: RoleSide }) {
  const { tenantId } = useSession();
  return <ResourcePage resource={side === "tenant" ? RESOURCES.tenant : tenantId === 1 ? RESOURCES.platform : RESOURCES.user} />;
}
