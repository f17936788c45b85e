"use client";

import * as React from "react";
import useSWR from "swr";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { KeyRoundIcon, PencilIcon, ShieldCheckIcon } from "lucide-react";
import { swrFetcher } from "@/lib/api/fetcher";
import type { TenantInfo } from "@/lib/contract/system/tenant";
import { DetailRows, type DetailRow } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { PageFrame } from "@/components/kit/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { openTenantDialog, TenantDialogs } from "./tenant-dialogs";

const TONES = { 0: "secondary", 1: "success", 2: "destructive", 3: "warning" } as const;

const rows: DetailRow<TenantInfo>[] = [
  { prop: "name", label: "fields.name" },
  { prop: "code", label: "fields.code" },
  { prop: "areaName", label: "fields.area" },
  { prop: "contractNo", label: "fields.contractNo" },
  { prop: "contact", label: "fields.contact" },
  { prop: "contactPhone", label: "fields.contactPhone" },
  { prop: "contractStart", label: "fields.contractStart", type: "date" },
  { prop: "contractEnd", label: "fields.contractEnd", type: "date" },
  { prop: "contractFile", label: "fields.contractFile", type: "file", full: true },
  { prop: "userNums", label: "fields.userNums" },
  { prop: "projectNums", label: "fields.projectNums" },
  { prop: "createTime", label: "fields.createTime", type: "time" },
];
const adminRows: DetailRow<TenantInfo>[] = [
  { prop: "username", label: "fields.username", full: true },
  { prop: "adminStatus", label: "fields.adminStatus", type: "dict", dict: "enableState", full: true },
  { prop: "menuIds", label: "fields.menuCount", type: "slot", full: true, render: (r) => String(r.menuIds.length) },
];

function Body() {
  const t = useTranslations("system.tenant");
  const tAll = useTranslations();
  const label = (key: string) => t(key as never);
  const params = useSearchParams();
  const id = params.get("id");
  const valid = !!id && /^\d+$/.test(id);
  const { data, error, mutate } = useSWR<TenantInfo>(valid ? ["sys/tenant/info", { id }] : null, swrFetcher, { shouldRetryOnError: false });
  const enums = (v: number) => tAll(`enums.enableStateExpiry.${v}` as never);

  return (
    <PageFrame
      back="tenantSet"
      title={data ? data.name : undefined}
      actions={
        data && (
          <div className="flex flex-wrap gap-2">
            <Can code="sys:tenant:upd">
              <Button size="sm" variant="outline" asChild>
                <Link href={`/systemSet/tenantSet?edit=${data.id}`}>
                  <PencilIcon />
                  {tAll("kit.actions.edit")}
                </Link>
              </Button>
            </Can>
            <Can code="sys:tenant:auth">
              <Button size="sm" variant="outline" onClick={() => openTenantDialog("auth", data.id)} data-testid="tenant-info-auth">
                <ShieldCheckIcon />
                {t("actions.auth")}
              </Button>
            </Can>
            {data.adminUserId && (
              <Can code="sys:tenant:resetPwd">
                <Button size="sm" variant="outline" onClick={() => openTenantDialog("resetPwd", data.id)}>
                  <KeyRoundIcon />
                  {t("actions.resetPwd")}
                </Button>
              </Can>
            )}
          </div>
        )
      }
    >
      {!valid || (error && !data) ? (
        <p className="rounded-md border bg-card p-8 text-center text-sm text-muted-foreground" data-testid="tenant-missing">
          {tAll("kit.form.notFound")}
        </p>
      ) : !data ? (
        <Skeleton className="h-80" />
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-3" data-testid="tenant-info">
          <Card className="xl:col-span-2">
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle className="text-base">{t("info.basic")}</CardTitle>
              <Badge variant={TONES[data.status]}>{enums(data.status)}</Badge>
            </CardHeader>
            <CardContent>
              <DetailRows rows={rows} row={data} label={label} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("info.admin")}</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailRows rows={adminRows} row={data} label={label} />
            </CardContent>
          </Card>
        </div>
      )}
      <TenantDialogs onDone={() => mutate()} />
    </PageFrame>
  );
}

/** tenantInfo (`?id=`): one tenant, its administrator and the actions on them. */
export function TenantInfoView() {
  return (
    <React.Suspense fallback={<Skeleton className="m-4 h-80" />}>
      <Body />
    </React.Suspense>
  );
}
