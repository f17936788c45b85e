"use client";

import { useTranslations } from "next-intl";
import { KeyRoundIcon, PencilIcon, ShieldCheckIcon } from "lucide-react";
import { permsOf } from "@/lib/contract/call";
import { tenant, tenantApi, type TenantInfo } from "@/lib/contract/system/tenant";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { Badge } from "@/components/ui/badge";
import { StorageUse } from "../tenant-set/storage-use";
import { openTenantDialog, TenantDialogs } from "../tenant-set/tenant-dialogs";

const TONES = { 0: "secondary", 1: "success", 2: "destructive", 3: "warning" } as const;

function Status({ status }: { status: TenantInfo["status"] }) {
  const t = useTranslations("enums.enableStateExpiry");
  return <Badge variant={TONES[status]}>{t(String(status) as never)}</Badge>;
}

/** tenantInfo (`?id=`): one tenant, its administrator and the actions on them. */
const tenantDetail = defineDetail<TenantInfo>({
  entity: tenant,
  info: tenantApi.info,
  back: "tenantSet",
  actions: [
    { key: "edit", label: "kit.actions.edit", icon: <PencilIcon />, perm: permsOf(tenantApi.upd)[0], href: (r) => `/systemSet/tenantSet?edit=${r.id}` },
    { key: "auth", label: "actions.auth", icon: <ShieldCheckIcon />, perm: permsOf(tenantApi.updAuth)[0], onClick: (r) => openTenantDialog("auth", r.id) },
    { key: "resetPwd", label: "actions.resetPwd", icon: <KeyRoundIcon />, perm: permsOf(tenantApi.resetPwd)[0], show: (r) => !!r.adminUserId, onClick: (r) => openTenantDialog("resetPwd", r.id) },
  ],
  basic: { title: "info.basic", span: 2, badge: (r) => <Status status={r.status} /> },
  // The administrator's rows and the status have their own places.
  rows: {
    username: false,
    status: false,
    enabled: false,
    adminStatus: false,
    storageUsedMb: { type: "slot", render: (r) => <StorageUse used={r.storageUsedMb} quota={r.storageQuotaMb} /> },
  },
  sections: [
    {
      key: "admin",
      title: "info.admin",
      span: 1,
      rows: [
        { prop: "username", label: "fields.username", full: true },
        { prop: "adminStatus", label: "fields.adminStatus", type: "dict", dict: "enableState", full: true },
        { prop: "menuIds", label: "fields.menuCount", type: "slot", full: true, render: (r) => String(r.menuIds.length) },
      ],
    },
  ],
  dialogs: ({ refresh }) => <TenantDialogs onDone={refresh} />,
});

export function TenantInfoView() {
  return <DetailPage detail={tenantDetail} />;
}
