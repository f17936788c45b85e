"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { LazySelect } from "@/components/ui/lazy-select";
import { usePermissions } from "@/components/kit/can";
import { useConfirm } from "@/components/kit/dialogs/confirm-dialog";
import { PageFrame } from "@/components/kit/page-frame";
import { SettingsBody } from "@/components/kit/settings/settings-body";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { RAW_MONTH_CHOICES, retentionApi, type RetentionChange, type RetentionSettings } from "@/lib/contract/system/retention";
import { toast } from "@/lib/toast";

/** Select values: a number of months, "forever", or (a project) "tenant" for the tenant's setting. */
const FOREVER = "forever";
const TENANT = "tenant";
const toValue = (months: number | null) => (months === null ? FOREVER : String(months));
const fromValue = (v: string) => (v === FOREVER ? null : Number(v));

/**
 * /systemSet/retention (issue 41): what the tenant keeps — raw values for a number of months, per
 * project where it differs, and the roll-ups beyond — and a save that first names the months it
 * would delete and asks.
 */
export function RetentionView() {
  const info = useCall(retentionApi.info, {});
  return (
    <PageFrame>
      <SettingsBody data={info.data} error={info.error}>
        {(data) => <RetentionForm key={JSON.stringify(data)} data={data} onSaved={(d) => void info.mutate(d, { revalidate: false })} />}
      </SettingsBody>
    </PageFrame>
  );
}

function RetentionForm({ data, onSaved }: { data: RetentionSettings; onSaved: (d: RetentionSettings) => void }) {
  const t = useTranslations("system.retention");
  const { can } = usePermissions();
  const editable = can(permsOf(retentionApi.save)[0]);
  const [confirm, confirmElement] = useConfirm();
  const [tenantMonths, setTenantMonths] = React.useState(toValue(data.rawMonths));
  const [projects, setProjects] = React.useState(() => new Map(data.projects.map((p) => [p.projectId, p.override ? toValue(p.rawMonths) : TENANT])));
  const [busy, setBusy] = React.useState(false);

  const label = (v: string) => (v === FOREVER ? t("forever") : t("months", { n: Number(v) }));
  const choices = [...RAW_MONTH_CHOICES.map(String), FOREVER].map((v) => ({ value: v, label: label(v) }));
  const change = (): RetentionChange => ({
    rawMonths: fromValue(tenantMonths),
    overrides: [...projects].filter(([, v]) => v !== TENANT).map(([projectId, v]) => ({ projectId, rawMonths: fromValue(v) })),
  });
  const dirty = tenantMonths !== toValue(data.rawMonths) || data.projects.some((p) => projects.get(p.projectId) !== (p.override ? toValue(p.rawMonths) : TENANT));

  const save = async () => {
    setBusy(true);
    try {
      const body = change();
      // The cloud names the months with stored values the change would stop keeping; the save must name them back.
      const { months } = await call(retentionApi.preview, body);
      if (months.length && !(await confirm(<DeleteWarning months={months} />, { title: t("confirmTitle"), danger: true }))) return;
      onSaved(await call(retentionApi.save, { ...body, confirmMonths: months }));
      toast.success(t("saved"));
    } catch {
      // The call has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid max-w-4xl gap-4">
      <Card data-testid="retention-tiers">
        <CardHeader>
          <CardTitle>{t("tiersTitle")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("tiersDesc")}</p>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm sm:grid-cols-3">
            <Tier name={t("tierRaw")} kept={data.keptFrom ? t("keptFrom", { month: data.keptFrom }) : t("keptAll")} span={label(toValue(data.rawMonths)) + (data.isDefault ? ` · ${t("default")}` : "")} testId="tier-raw" />
            <Tier name={t("tierHourly")} kept={t("hourlyKept")} span={t("months", { n: data.hourlyMonths })} testId="tier-hourly" />
            <Tier name={t("tierDaily")} kept={t("dailyKept")} span={t("forever")} testId="tier-daily" />
          </ul>
        </CardContent>
      </Card>
      <Card data-testid="retention-settings">
        <CardHeader>
          <CardTitle>{t("rawTitle")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("rawDesc")}</p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <label className="grid max-w-xs gap-1.5 text-sm font-medium">
            {t("tenantMonths")}
            <LazySelect value={tenantMonths} onValueChange={setTenantMonths} options={choices} disabled={!editable} trigger={{ id: "retention-tenant", "aria-label": t("tenantMonths") }} />
          </label>
          {data.projects.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="retention-projects">
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th className="py-2 pr-3 font-medium">{t("project")}</th>
                    <th className="py-2 pr-3 font-medium">{t("projectMonths")}</th>
                    <th className="py-2 font-medium">{t("projectKept")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.projects.map((p) => (
                    <tr key={p.projectId} className="border-b last:border-0">
                      <td className="py-2 pr-3">{p.prjName}</td>
                      <td className="py-2 pr-3">
                        <LazySelect
                          value={projects.get(p.projectId) ?? TENANT}
                          onValueChange={(v) => setProjects((m) => new Map(m).set(p.projectId, v))}
                          options={[{ value: TENANT, label: t("asTenant", { months: label(tenantMonths) }) }, ...choices]}
                          disabled={!editable}
                          trigger={{ className: "min-w-52", "aria-label": t("projectMonthsOf", { name: p.prjName }) }}
                        />
                      </td>
                      <td className="py-2 text-muted-foreground">{p.keptFrom ? t("keptFrom", { month: p.keptFrom }) : t("keptAll")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
        {editable && (
          <CardFooter className="justify-end gap-2">
            <Button size="sm" variant="outline" disabled={!dirty || busy} onClick={() => (setTenantMonths(toValue(data.rawMonths)), setProjects(new Map(data.projects.map((p) => [p.projectId, p.override ? toValue(p.rawMonths) : TENANT]))))} data-testid="retention-reset">
              {t("reset")}
            </Button>
            <Button size="sm" disabled={!dirty || busy} aria-busy={busy || undefined} onClick={() => void save()} data-testid="retention-save">
              {t("save")}
            </Button>
          </CardFooter>
        )}
      </Card>
      {confirmElement}
    </div>
  );
}

function Tier({ name, span, kept, testId }: { name: string; span: string; kept: string; testId: string }) {
  return (
    <li className="rounded-md border p-3" data-testid={testId}>
      <p className="font-medium">{name}</p>
      <p className="text-lg font-semibold tabular-nums">{span}</p>
      <p className="text-xs text-muted-foreground">{kept}</p>
    </li>
  );
}

function DeleteWarning({ months }: { months: string[] }) {
  const t = useTranslations("system.retention");
  return (
    <div className="grid gap-2 text-sm" data-testid="retention-warning">
      <p>{t("confirmText", { count: months.length })}</p>
      <p className="font-medium">{months.join(t("separator"))}</p>
      <p className="text-muted-foreground">{t("confirmAfter")}</p>
    </div>
  );
}
