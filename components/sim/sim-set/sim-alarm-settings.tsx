"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { BellRingIcon } from "lucide-react";
import { remoteOptions, SettingsBody, SettingsCard } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { useSubmitOnce } from "@/components/kit/use-submit-once";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { LEVELS_IN_ORDER, alarmLevelApi } from "@/lib/contract/alarm/level";
import { projectApi } from "@/lib/contract/project";
import { simAlarmApi, simAlarmSettings } from "@/lib/contract/sim/alarm";
import { simCardApi, type SimPoolRow } from "@/lib/contract/sim/card";
import { QUOTA_MAX_MB } from "@/lib/contract/sim/product";
import { toast } from "@/lib/toast";
import { PoolRunOut } from "../sim/pool-run-out";
import { UsageBar } from "../sim/usage-bar";

const NS = "sim.alarm";
const PROJECTS = remoteOptions(projectApi.list, "prjName", "id", { size: 9999 });
const LEVELS = remoteOptions(alarmLevelApi.page, "levelName", "id", LEVELS_IN_ORDER);
const UPD = permsOf(simAlarmApi.save)[0];

/** One pool's line, edited in its row: a percent of the quota, or an amount (MB) that takes its place. */
function PoolRow({ pool, editable, onSaved }: { pool: SimPoolRow; editable: boolean; onSaved: () => Promise<unknown> }) {
  const t = useTranslations(`${NS}.pools`);
  const tEnum = useTranslations("enums.simCarrier");
  const loaded = React.useMemo(() => ({ pct: String(pool.thresholdPct), mb: pool.thresholdMb === null ? "" : String(pool.thresholdMb) }), [pool]);
  const [v, setV] = React.useState(loaded);
  React.useEffect(() => setV(loaded), [loaded]);
  const dirty = v.pct !== loaded.pct || v.mb !== loaded.mb;
  const line = pool.thresholdMb ? pool.thresholdMb : (pool.quotaMb * pool.thresholdPct) / 100;
  // The cloud checks the figures and answers a bad one in the reader's language (toasted by `call`); the typed figures stay for correcting.
  const [busy, save] = useSubmitOnce(async () => {
    await call(simAlarmApi.pool, { id: pool.id, thresholdPct: Number(v.pct), thresholdMb: v.mb === "" ? null : Number(v.mb) });
    toast.success(t("saved"));
    await onSaved();
  });
  return (
    <TableRow data-testid="sim-pool" data-pool={pool.poolCode}>
      <TableCell className="font-medium">{pool.poolCode}</TableCell>
      <TableCell>{tEnum(pool.carrier as never)}</TableCell>
      <TableCell className="tabular-nums">{pool.cards}</TableCell>
      <TableCell>
        <UsageBar used={pool.usedMb} quota={pool.quotaMb} pct={pool.usagePct} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums" data-testid="sim-pool-run-out">
        <PoolRunOut days={pool.runOutDays} />
      </TableCell>
      <TableCell>
        <span className={pool.usedMb >= line ? "font-medium text-destructive" : undefined} data-testid="sim-pool-line">
          {line.toLocaleString(undefined, { maximumFractionDigits: 2 })} MB
        </span>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <Input className="h-8 w-20" type="number" min={1} max={100} step={1} value={v.pct} disabled={!editable || busy} onChange={(e) => setV({ ...v, pct: e.target.value })} aria-label={`${pool.poolCode} ${t("pct")}`} data-testid="sim-pool-pct" />
          <span className="text-xs text-muted-foreground">%</span>
          <Input className="h-8 w-28" type="number" min={1} max={QUOTA_MAX_MB} step="any" value={v.mb} placeholder="MB" disabled={!editable || busy} onChange={(e) => setV({ ...v, mb: e.target.value })} aria-label={`${pool.poolCode} ${t("mb")}`} data-testid="sim-pool-mb" />
          {editable && (
            <Button size="sm" variant="outline" disabled={!dirty || busy} onClick={() => void save()} data-testid="sim-pool-save">
              {t("save")}
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The pools as the carriers report them, each with its use and its alarm line. */
function Pools({ editable }: { editable: boolean }) {
  const t = useTranslations(`${NS}.pools`);
  const tCard = useTranslations("sim.card.fields");
  const { data: stat, mutate } = useCall(simCardApi.stat, {});
  const pools = stat?.pools;
  const [checking, check] = useSubmitOnce(async () => {
    const r = await call(simAlarmApi.check, {});
    toast.success(t("checked", { pools: r.pools, cards: r.cards }));
  });
  return (
    <Card data-testid="sim-pools">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <div>
          <CardTitle className="text-base">{t("title")}</CardTitle>
          <p className="text-xs text-muted-foreground">{t("description")}</p>
        </div>
        {editable && (
          <Button size="sm" variant="outline" disabled={checking} onClick={() => void check()} data-testid="sim-alarm-check">
            <BellRingIcon />
            {t("check")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {pools === undefined ? null : pools.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("pool")}</TableHead>
                <TableHead>{tCard("carrier")}</TableHead>
                <TableHead>{t("cards")}</TableHead>
                <TableHead>{t("used")}</TableHead>
                <TableHead title={t("runOutHint")}>{t("runOut")}</TableHead>
                <TableHead>{t("line")}</TableHead>
                <TableHead>{t("edit")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pools.map((p) => (
                <PoolRow key={p.id} pool={p} editable={editable} onSaved={() => mutate()} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The alarm tab of SIM settings: whether SIM alarms are raised, into which project and at which
 * levels, a card's daily limit (the settings card, saved by `simAlarm/save`), and each pool's line
 * (`simAlarm/pool`) beside its use, with a check on demand (`simAlarm/check`).
 */
export function SimAlarmSettings() {
  const t = useTranslations(NS);
  const { can } = usePermissions();
  const { data, error, mutate } = useCall(simAlarmApi.info, {});
  return (
    // One column that may be narrower than the pools' table (it scrolls in its card): the phone keeps its width.
    <div className="grid grid-cols-1 gap-4" data-testid="sim-alarm-tab">
      <SettingsBody data={data} error={error}>
        {(loaded) => (
          <div className="max-w-3xl">
            <SettingsCard
              ns={NS}
              testId="sim-alarm"
              title={t("title")}
              description={t("description")}
              schema={simAlarmSettings}
              values={loaded}
              save={simAlarmApi.save}
              columns={2}
              onSaved={(answer) => mutate(answer as typeof loaded, { revalidate: false })}
              fields={[
                { name: "enableStatus", label: "fields.enableStatus", type: "switch", on: 1, off: 2, full: true },
                { name: "projectId", label: "fields.projectId", type: "select", remote: PROJECTS, hint: "hints.projectId", full: true },
                { name: "warnLevelId", label: "fields.warnLevelId", type: "select", remote: LEVELS, hint: "hints.warnLevelId" },
                { name: "severeLevelId", label: "fields.severeLevelId", type: "select", remote: LEVELS, hint: "hints.severeLevelId" },
                { name: "dailyMb", label: "fields.dailyMb", type: "number", min: 1, max: QUOTA_MAX_MB, floatNum: 2, hint: "hints.dailyMb" },
              ]}
            />
          </div>
        )}
      </SettingsBody>
      <Pools editable={can(UPD)} />
    </div>
  );
}
