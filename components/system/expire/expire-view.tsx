"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { swrFetcher } from "@/lib/api/fetcher";
import { expireWarn, type ExpireWarn } from "@/lib/contract/system/company-settings";
import type { FormField } from "@/components/kit";
import { PageFrame } from "@/components/kit/page-frame";
import { SettingsBody, SettingsCard } from "../company/settings-card";

const NS = "system.expire";
const INFO = "sys/company/expireWarn/info";

/** expire (platform): whether and how many days ahead tenant users are warned of their contract's end. */
export function ExpireView() {
  const t = useTranslations(NS);
  const { data, error, mutate } = useSWR<ExpireWarn>(INFO, swrFetcher);
  const values = React.useMemo(() => (data ? { ...data } : {}), [data]);
  const fields: FormField[] = [
    { name: "enabled", label: "fields.enabled", type: "switch", on: true, off: false, hint: "hints.enabled" },
    { name: "days", label: "fields.days", type: "radio", dict: "tenantDuration", show: (v) => !!v.enabled, hint: "hints.days" },
  ];
  return (
    <PageFrame>
      <SettingsBody data={data} error={error}>
        {() => (
          <div className="max-w-3xl">
            <SettingsCard
              ns={NS}
              testId="expire-warn"
              title={t("cards.warn")}
              description={t("cards.warnDesc")}
              schema={expireWarn}
              values={values}
              fields={fields}
              endpoint="sys/company/expireWarn/save"
              perm="sys:expire:save"
              onSaved={(saved) => mutate(saved as ExpireWarn, { revalidate: false })}
            />
          </div>
        )}
      </SettingsBody>
    </PageFrame>
  );
}
