"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCountdown } from "./use-countdown";

/** Asks the cloud for a code; the target is checked first so a bad number costs no request. */
export function SendCodeButton({ send: request, valid }: { send: () => Promise<unknown>; valid: () => Promise<boolean> }) {
  const t = useTranslations("login");
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!(await valid())) return;
    setBusy(true);
    try {
      await request();
      start();
    } catch {
      /* the fetcher showed the message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" className="shrink-0" disabled={busy || left > 0} onClick={send}>
      {left > 0 ? t("resendIn", { seconds: left }) : t("sendCode")}
    </Button>
  );
}
