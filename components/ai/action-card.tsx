"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CheckIcon, ShieldAlertIcon, XIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { aiApi, type ToolStep } from "@/lib/contract/ai/chat";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const TONE = {
  pending: "border-amber-500/50 bg-amber-500/5",
  running: "border-amber-500/50 bg-amber-500/5",
  done: "border-emerald-500/50 bg-emerald-500/5",
  cancelled: "border-border bg-muted/40",
  failed: "border-destructive/50 bg-destructive/5",
} as const;

/**
 * A write the assistant proposed (issue 39): the exact action as the cloud worded it, and Confirm
 * / Cancel. Nothing runs until the click; the cloud then runs the stored call with the user's
 * rights and answers the step as it is now. `messageId` is null while the answer still streams.
 */
export function ActionCard({ step, messageId, index, onDecided }: { step: ToolStep & { action: NonNullable<ToolStep["action"]> }; messageId: number | null; index: number; onDecided: (step: ToolStep) => void }) {
  const t = useTranslations("ai");
  const [busy, setBusy] = React.useState(false);
  const { action } = step;
  const decide = async (confirm: boolean) => {
    if (messageId === null) return;
    setBusy(true);
    try {
      onDecided(await call(aiApi.confirm, { messageId, step: index, confirm }));
    } catch {
      /* the fetcher has said why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={cn("mb-2 rounded-lg border px-3 py-2.5 text-sm", TONE[action.status])} data-testid="chat-action" data-status={action.status} aria-label={t("action")}>
      <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <ShieldAlertIcon className="size-3.5" aria-hidden />
        <span className="flex-1">{t("action")}</span>
        <span data-testid="chat-action-status">{t(`actionStatus.${action.status}`)}</span>
      </div>
      <p className="mt-1.5 text-foreground" data-testid="chat-action-summary">
        {action.summary}
      </p>
      <code className="mt-1 block text-xs break-all text-muted-foreground">
        {step.name} {JSON.stringify(step.args)}
      </code>
      {action.status === "pending" ? (
        <>
          <p className="mt-2 text-xs text-muted-foreground">{t("actionHint")}</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" onClick={() => void decide(true)} disabled={busy || messageId === null} data-testid="chat-action-confirm">
              <CheckIcon />
              {t("confirm")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void decide(false)} disabled={busy || messageId === null} data-testid="chat-action-cancel">
              <XIcon />
              {t("cancel")}
            </Button>
          </div>
        </>
      ) : action.outcome && action.status === "failed" ? (
        <p className="mt-1.5 text-xs text-destructive" role="alert">
          {t("actionFailed")}: {action.outcome}
        </p>
      ) : null}
    </section>
  );
}
