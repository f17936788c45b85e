"use client";

import { permsOf } from "@/lib/contract/call";
import { companyApi, expireWarn, type ExpireWarn } from "@/lib/contract/system/company-settings";
import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";

/** expire (platform): whether and how many days ahead tenant users are warned of their contract's end. */
const expire = defineSettings<ExpireWarn>({
  ns: "system.expire",
  info: companyApi.expireWarn,
  saved: "answer",
  cards: [
    {
      id: "expire-warn",
      title: "cards.warn",
      description: "cards.warnDesc",
      schema: expireWarn,
      save: companyApi.saveExpireWarn,
      perm: permsOf(companyApi.saveExpireWarn)[0],
      values: (d) => ({ ...d }),
      fields: [
        { name: "enabled", label: "fields.enabled", type: "switch", on: true, off: false, hint: "hints.enabled" },
        { name: "days", label: "fields.days", type: "radio", dict: "tenantDuration", show: (v) => !!v.enabled, hint: "hints.days" },
      ],
    },
  ],
});

export function ExpireView() {
  return <SettingsPage settings={expire} />;
}
