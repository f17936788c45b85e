"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { stickyWarning } from "@/components/app/sticky-warning";
import { useSession } from "@/components/kit/session";

/** Session-storage marker: the warning is asked for once per browser session and user. */
export const EXPIRE_WARNED = "expireWarned";

/**
 * Warns a tenant's users that the contract ends soon (`companyApi.expireWarnCurrent`): one
 * dismissible toast, once per session and user. Renders nothing; the console layout mounts it in
 * the shell's notices.
 */
export function ExpireWarning() {
  const t = useTranslations("system.expire.warning");
  const { tenantId, user } = useSession();
  const userKey = `${tenantId}:${user.id}`;
  React.useEffect(() => {
    const key = userKey;
    if (sessionStorage.getItem(EXPIRE_WARNED) === key) return;
    sessionStorage.setItem(EXPIRE_WARNED, key);
    let live = true;
    // The call and its declaration load once it is made: they stay out of the shell's first load.
    Promise.all([import("@/lib/api/call"), import("@/lib/contract/system/company-settings")])
      .then(([{ call }, { companyApi }]) => call(companyApi.expireWarnCurrent, {}, { silent: true }))
      .then((w) => {
        if (!live || !w.show) return;
        stickyWarning("expire-warning", w.daysLeft === 0 ? t("today") : t("days", { n: w.daysLeft ?? 0 }), {
          description: w.contractEnd ? t("endsOn", { date: w.contractEnd }) : undefined,
        });
      })
      // Not knowing is no reason to bother the user: try again next session.
      .catch(() => sessionStorage.removeItem(EXPIRE_WARNED));
    return () => {
      live = false;
    };
  }, [userKey, t]);
  return null;
}
