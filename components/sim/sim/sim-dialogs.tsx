"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { KitDialog, remoteOptions, type ResourceUi, SelectField, useRemoteOptions } from "@/components/kit";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { call } from "@/lib/api/call";
import { useSubmitOnce } from "@/components/kit/use-submit-once";
import { SIM_STATE_ACTIONS, simCardApi, type SimCard, type SimStateAction } from "@/lib/contract/sim/card";
import { simProdApi } from "@/lib/contract/sim/product";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { batchOf, PRODUCTS, type BatchKind } from "./sim-batch";

/** Renew, cancel the renewal of, tag or change the state of a batch of cards (`?batch=renew|cancel|tags|state`), or one card's state (`?simState=<id>`). */
export function SimBatchDialogs({ ui }: { ui: ResourceUi<SimCard> }) {
  const kind = ui.param("batch") as BatchKind | null;
  const one = Number(ui.param("simState"));
  if (one > 0) return <StateDialog ui={ui} cards={{ ids: [one], iccids: [] }} label={ui.rows.find((r) => r.id === one)?.iccid ?? null} close={() => ui.setParam("simState", null)} />;
  if (kind === "state") return <StateDialog ui={ui} cards={batchOf(ui)} label={null} close={() => ui.setParam("batch", null)} />;
  if (kind !== "renew" && kind !== "cancel" && kind !== "tags") return null;
  return <BatchDialog kind={kind} ui={ui} />;
}

/**
 * Activate, deactivate or resume cards at their carrier (`simCard/setState`): the carrier answers a
 * work order; the card's state changes when the next sync reports it. A carrier's refusal is told
 * by carrier, the others' cards still ordered.
 */
function StateDialog({ ui, cards, label, close }: { ui: ResourceUi<SimCard>; cards: { ids: number[]; iccids: string[] }; label: string | null; close: () => void }) {
  const t = useTranslations("sim.card.batch");
  const tCarrier = useTranslations("enums.simCarrier");
  const [action, setAction] = React.useState<SimStateAction>("activate");
  const n = cards.ids.length + cards.iccids.length;
  // Once at a time: a second click would order the carriers twice. A refusal is shown by the fetcher; the dialog stays open.
  const [busy, run] = useSubmitOnce(async () => {
    const r = await call(simCardApi.setState, { ...cards, action });
    const orders = r.carriers.flatMap((c) => (c.workOrder ? [c.workOrder] : [])).join(", ");
    if (r.ordered) toast.success(t("state.ordered", { cards: r.ordered, orders: orders || "—" }));
    for (const c of r.carriers.filter((x) => x.error)) toast.warning(t("state.refused", { carrier: tCarrier(c.carrier as never), cards: c.cards, error: c.error ?? "" }));
    close();
    await ui.refresh();
  });
  return (
    <KitDialog title={t("state.title")} description={label ?? t("count", { cards: n })} width={480} onClose={close} actions={{ onSubmit: () => void run(), disabled: busy, submitTestId: "sim-state-ok" }} testId="sim-state-dialog">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2" role="radiogroup" aria-label={t("state.title")}>
          {SIM_STATE_ACTIONS.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm">
              <input type="radio" name="sim-state" value={a} checked={action === a} onChange={() => setAction(a)} data-testid={`sim-state-${a}`} />
              {t(`state.${a}`)}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t("state.hint")}</p>
      </div>
    </KitDialog>
  );
}

function BatchDialog({ kind, ui }: { kind: Exclude<BatchKind, "state">; ui: ResourceUi<SimCard> }) {
  const t = useTranslations("sim.card.batch");
  // Chosen cards of one carrier are offered that carrier's plans only (a plan of another is refused).
  const carrier = new Set(ui.selected.map((c) => c.carrier)).size === 1 ? ui.selected[0].carrier : null;
  const products = useRemoteOptions(React.useMemo(() => (carrier ? remoteOptions(simProdApi.page, "prodName", "id", { current: 1, size: 9999, carrier }) : PRODUCTS), [carrier]));
  const cards = batchOf(ui);
  const n = cards.ids.length + cards.iccids.length;
  const [productId, setProductId] = React.useState<number | "">("");
  const [periods, setPeriods] = React.useState("1");
  const [renewal, setRenewal] = React.useState<1 | 2>(1);
  const [tags, setTags] = React.useState(() => (ui.selected.length === 1 ? (ui.selected[0].tags ?? []).join(", ") : ""));
  const close = () => ui.setParam("batch", null);
  // Once at a time (a second click would renew twice); a refusal is shown by the fetcher and the dialog stays open to correct it.
  const [busy, run] = useSubmitOnce(async () => {
    if (kind === "renew") {
      const r = await call(simCardApi.renewal, { ...cards, productId: productId || null, periods: Number(periods) });
      toast.success(t("renewed", { orderNo: r.orderNo, amount: formatMoney(r.amount), cards: r.cards }));
    } else if (kind === "cancel") {
      await call(simCardApi.renewalCancel, { ...cards, renewal });
      toast.success(t("done", { cards: n }));
    } else {
      await call(simCardApi.saveTag, { ...cards, tags: tags.split(/[,，]/).map((s) => s.trim()).filter(Boolean) });
      toast.success(t("done", { cards: n }));
    }
    close();
    await ui.refresh();
  });
  return (
    <KitDialog title={t(`${kind}.title`)} description={t("count", { cards: n })} width={480} onClose={close} actions={{ onSubmit: () => void run(), disabled: busy, submitTestId: "sim-batch-ok" }} testId="sim-batch-dialog">
      <div className="flex flex-col gap-4">
        {kind === "renew" && (
          <>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sim-renew-product">{t("renew.product")}</Label>
              <SelectField id="sim-renew-product" options={products} value={productId} onChange={(v) => setProductId(v === "" ? "" : Number(v))} placeholder={t("renew.keepProduct")} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sim-renew-periods">{t("renew.periods")}</Label>
              <Input id="sim-renew-periods" type="number" min={1} max={36} value={periods} onChange={(e) => setPeriods(e.target.value)} />
            </div>
          </>
        )}
        {kind === "cancel" && (
          <div className="flex flex-col gap-2" role="radiogroup" aria-label={t("cancel.title")}>
            {([1, 2] as const).map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input type="radio" name="renewal" checked={renewal === v} onChange={() => setRenewal(v)} />
                {t(`cancel.option${v}`)}
              </label>
            ))}
          </div>
        )}
        {kind === "tags" && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="sim-tags">{t("tags.label")}</Label>
            <Input id="sim-tags" value={tags} onChange={(e) => setTags(e.target.value)} placeholder={t("tags.placeholder")} />
          </div>
        )}
      </div>
    </KitDialog>
  );
}
