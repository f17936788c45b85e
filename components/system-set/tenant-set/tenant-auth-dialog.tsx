"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { call, useCall } from "@/lib/api/call";
import { menuApi } from "@/lib/contract/system/menu";
import { tenantApi } from "@/lib/contract/system/tenant";
import { KitDialog } from "@/components/kit";
import { Skeleton } from "@/components/ui/skeleton";
import { MenuTreeCheck } from "../menu-tree-check";

/** Menu authorisation of a tenant: the tenant menu tree with tri-state checkboxes → `tenant/updAuth`. */
export function TenantAuthDialog({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved?: () => unknown }) {
  const t = useTranslations("system.tenant.auth");
  const tk = useTranslations("kit");
  const tree = useCall(menuApi.allTenant, {});
  const info = useCall(tenantApi.info, { id });
  const [menuIds, setMenuIds] = React.useState<number[] | null>(null);
  React.useEffect(() => {
    if (info.data && menuIds === null) setMenuIds(info.data.menuIds);
  }, [info.data, menuIds]);
  const [saving, setSaving] = React.useState(false);

  async function save() {
    if (!menuIds) return;
    setSaving(true);
    try {
      await call(tenantApi.updAuth, { id, menuIds });
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
      onClose={onClose}
      width={640}
      testId="tenant-auth-dialog"
      title={info.data ? t("titleOf", { name: info.data.name }) : t("title")}
      actions={{ onSubmit: save, disabled: !menuIds || !tree.data || saving, submitTestId: "tenant-auth-save" }}
    >
      {failed ? (
        <p className="py-8 text-center text-sm text-destructive">{tk("form.loadFailed")}</p>
      ) : !menuIds || !tree.data ? (
        <div className="space-y-2">
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-7" />
          ))}
        </div>
      ) : (
        <MenuTreeCheck nodes={tree.data} value={menuIds} onChange={setMenuIds} />
      )}
    </KitDialog>
  );
}
