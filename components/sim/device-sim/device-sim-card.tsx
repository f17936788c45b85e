"use client";

import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { KitDialog, useConfirm } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { simCardApi, type SimCard } from "@/lib/contract/sim/card";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { SimStatusBadge } from "../sim/status-badge";
import { UsageBar } from "../sim/usage-bar";
import { useDeviceSim } from "./use-device-sim";

const BIND = permsOf(simCardApi.upd)[0];
/** Digits enough to name a card (what a user reads off it). */
const MIN_DIGITS = 4;
const cardHref = (id: number) => `/sim/simInfo?id=${id}`;

/**
 * The device page's SIM card (issue 37): the bound card's ICCID (to its page), carrier, status,
 * plan, use against quota with the day the carrier reported it to (T+1) and expiry; unbinding it,
 * or — with none bound — binding one found by the last digits of its ICCID, for those who may edit cards.
 */
export function DeviceSimCard({ deviceId }: { deviceId: number }) {
  const t = useTranslations("sim.device");
  const { can } = usePermissions();
  const { data, mutate } = useDeviceSim(deviceId);
  const [binding, setBinding] = React.useState(false);
  const [confirm, confirmDialog] = useConfirm();
  if (!data) return <p className="py-6 text-center text-sm text-muted-foreground">…</p>;
  const unbind = async (card: SimCard) => {
    if (!(await confirm(t("unbindConfirm", { iccid: card.iccid }), { danger: true }))) return;
    await call(simCardApi.upd, { id: card.id, deviceId: null });
    toast.success(t("unbound", { iccid: card.iccid }));
    await mutate();
  };
  return (
    <div className="flex flex-col gap-4" data-testid="device-sim">
      {data.cards.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted-foreground" data-testid="device-sim-none">
            {t("none")}
          </p>
          {can(BIND) && (
            <Button size="sm" variant="outline" onClick={() => setBinding(true)} data-testid="device-sim-bind">
              {t("bind")}
            </Button>
          )}
        </div>
      ) : (
        data.cards.map((card) => <BoundCard key={card.id} card={card} onUnbind={can(BIND) ? () => void unbind(card).catch(() => undefined) : undefined} />)
      )}
      {binding && <BindDialog deviceId={deviceId} close={() => setBinding(false)} onBound={() => void mutate()} />}
      {confirmDialog}
    </div>
  );
}

function BoundCard({ card, onUnbind }: { card: SimCard; onUnbind?: () => void }) {
  const t = useTranslations("sim.device");
  const tf = useTranslations("sim.card.fields");
  const tc = useTranslations("enums.simCarrier");
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-3" data-testid="device-sim-card">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={cardHref(card.id)} className="font-mono text-sm text-primary hover:underline break-all" data-testid="device-sim-link">
          {card.iccid}
        </Link>
        <SimStatusBadge status={card.status} />
      </div>
      <dl className="flex flex-col gap-1.5 text-sm">
        {row(tf("carrier"), tc(card.carrier as never))}
        {row(tf("prodName"), card.prodName || "-")}
        {row(tf("expireAt"), card.expireAt ? formatDate(card.expireAt) : "-")}
      </dl>
      <UsageBar used={card.usedMb} quota={card.quotaMb} pct={card.usagePct} />
      <p className="text-xs text-muted-foreground" data-testid="device-sim-as-of">
        {card.usageAsOf ? t("asOf", { day: card.usageAsOf }) : t("notReported")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" asChild>
          <Link href={cardHref(card.id)}>{t("open")}</Link>
        </Button>
        {onUnbind && (
          <Button size="sm" variant="ghost" onClick={onUnbind} data-testid="device-sim-unbind">
            {t("unbind")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Find an unbound card of the tenant by the last digits of its ICCID and bind it to the device (`simCard/upd`, recorded as a bind). */
function BindDialog({ deviceId, close, onBound }: { deviceId: number; close: () => void; onBound: () => void }) {
  const t = useTranslations("sim.device");
  const tc = useTranslations("enums.simCarrier");
  const [typed, setTyped] = React.useState("");
  const [chosen, setChosen] = React.useState<number | null>(null);
  const digits = typed.replace(/\s+/g, "");
  const valid = /^\d+$/.test(digits) && digits.length >= MIN_DIGITS;
  const { data, isLoading } = useCall(simCardApi.page, valid ? { iccid: digits, unbound: true, current: 1, size: 10 } : null);
  const cards = data?.records ?? [];
  const pick = cards.find((c) => c.id === chosen) ?? (cards.length === 1 ? cards[0] : undefined);
  const submit = async () => {
    if (!pick) return;
    await call(simCardApi.upd, { id: pick.id, deviceId });
    toast.success(t("bound", { iccid: pick.iccid }));
    close();
    onBound();
  };
  return (
    <KitDialog title={t("bindTitle")} width={480} onClose={close} actions={{ onSubmit: submit, disabled: !pick, submitTestId: "device-sim-bind-ok" }} testId="device-sim-bind-dialog">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="device-sim-digits">{t("digits")}</Label>
          <Input id="device-sim-digits" inputMode="numeric" autoFocus value={typed} onChange={(e) => (setTyped(e.target.value), setChosen(null))} placeholder={t("digitsHint")} data-testid="device-sim-digits" />
        </div>
        {!valid ? (
          <p className="text-xs text-muted-foreground">{digits && !/^\d+$/.test(digits) ? t("digitsOnly") : t("digitsHint")}</p>
        ) : isLoading ? (
          <p className="text-sm text-muted-foreground">…</p>
        ) : cards.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="device-sim-no-match">
            {t("noMatch", { digits })}
          </p>
        ) : (
          <div className="flex max-h-64 flex-col gap-1 overflow-y-auto" role="radiogroup" aria-label={t("bindTitle")}>
            {cards.map((c) => (
              <label key={c.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted" data-testid="device-sim-match">
                <input type="radio" name="device-sim-card" checked={pick?.id === c.id} onChange={() => setChosen(c.id)} />
                <span className="font-mono break-all">{c.iccid}</span>
                <span className="ml-auto shrink-0 text-xs text-muted-foreground">{tc(c.carrier as never)}</span>
                <SimStatusBadge status={c.status} />
              </label>
            ))}
            {data && data.total > cards.length && <p className="text-xs text-muted-foreground">{t("more", { total: data.total })}</p>}
          </div>
        )}
      </div>
    </KitDialog>
  );
}
