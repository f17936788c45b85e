"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Can } from "@/components/kit/can";
import { SelectField } from "@/components/kit/form/select-field";
import { call } from "@/lib/api/call";
import { monitoringApi, SET_INIT_PERM } from "@/lib/contract/monitoring/analysis";
import type { ProfileCurve } from "@/lib/contract/monitoring/depth-profile";
import { formatDateTime } from "@/lib/format";
import { useSetInit } from "./init-values";

const cell = (v: number | null) => (v === null ? "—" : v);

/**
 * One curve of the depth profile (widgets §3 "depth / cumulative angle change" table): each
 * depth's angle change and cumulative displacement, as the chart draws them, with the button
 * that takes this curve's reading as the string's initial value (widgets §7) — after which the
 * cloud counts every curve, table and export from it. The curve is picked on the chart or here.
 */
export function ProfileCurveTable({ deviceId, curves, picked, onPick, onSet }: { deviceId: number; curves: readonly ProfileCurve[]; picked: number | null; onPick: (ts: number) => void; onSet: () => unknown }) {
  const t = useTranslations("monitoring");
  const { set, busy, confirmElement } = useSetInit();
  const curve = curves.find((c) => c.ts === picked) ?? null;
  const options = curves.map((c) => ({ value: c.ts, label: formatDateTime(new Date(c.ts)).slice(0, 16) }));
  return (
    <Card data-testid="profile-curve">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2 space-y-0 pb-2">
        <CardTitle className="mr-auto text-base">{curve ? t("profile.curveTable", { time: formatDateTime(new Date(curve.ts)) }) : t("screen.initial")}</CardTitle>
        <label className="flex items-center gap-1.5 text-sm">
          <span className="text-muted-foreground">{t("profile.curve")}</span>
          <SelectField id="profile-curve" className="h-8 w-48" options={options} value={picked ?? ""} onChange={(v) => v !== "" && v !== null && onPick(Number(v))} clearable={false} />
        </label>
        <Can code={SET_INIT_PERM}>
          <Button size="sm" disabled={busy || !curve} onClick={() => curve && set(() => call(monitoringApi.setInit, { deviceId, dateTime: curve.ts }), onSet)} data-testid="profile-set-init">
            {t("screen.setInit")}
          </Button>
        </Can>
      </CardHeader>
      <CardContent className="p-3 pt-0">
        {!curve ? (
          <p className="text-sm text-muted-foreground">{t("profile.curveHint")}</p>
        ) : (
          // A scrolling region keyboard users can reach (and scroll) too.
          <div className="max-h-80 overflow-auto rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" tabIndex={0} role="region" aria-label={t("profile.curveTable", { time: formatDateTime(new Date(curve.ts)) })}>
            <Table>
              <TableHeader>
                <TableRow>
                  {(["depth", "angleA", "angleB", "dispA", "dispB"] as const).map((k) => <TableHead key={k} className="text-right">{t(`profile.${k}`)}</TableHead>)}
                </TableRow>
              </TableHeader>
              <TableBody>
                {curve.points.map((p) => (
                  <TableRow key={p.depth}>
                    <TableCell className="text-right tabular-nums">{p.depth}</TableCell>
                    <TableCell className="text-right tabular-nums">{cell(p.angleA)}</TableCell>
                    <TableCell className="text-right tabular-nums">{cell(p.angleB)}</TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="curve-a">
                      {p.a}
                    </TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="curve-b">
                      {p.b}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      {confirmElement}
    </Card>
  );
}
