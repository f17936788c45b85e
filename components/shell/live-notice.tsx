"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useLiveState } from "@/lib/live/use-live";

/**
 * Says "websocket reconnect failed" once the live channel used up its retries (widgets §4, §8);
 * the live parts keep polling meanwhile, and the channel tries again when a part subscribes anew.
 */
export function LiveNotice() {
  const t = useTranslations("shell.live");
  const state = useLiveState();
  React.useEffect(() => {
    if (state === "failed") toast.error(t("reconnectFailed"), { id: "live-failed" });
  }, [state, t]);
  return <span hidden data-testid="live-state" data-state={state} />;
}
