"use client";

import { permsOf } from "@/lib/contract/call";
import { companyApi, saveComp, saveTimeZone, type CompanySettings } from "@/lib/contract/system/company-settings";
import { timeZones, zoneLabel } from "@/lib/time-zone";
import type { FormField } from "@/components/kit";
import { defineSettings, SettingsPage, type SettingsContext } from "@/components/kit/settings/define-settings";
import { ImageUpload } from "@/components/kit/upload";
import { companySettings } from "../company-settings";

const logo = (name: string, { t }: SettingsContext<CompanySettings>): FormField => ({
  name,
  label: `fields.${name}`,
  type: "custom",
  render: ({ field, disabled, invalid }) => (
    <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="companyLogo" sizeHint={t("system.company.hints.height", { n: 32 })} disabled={disabled} aria-invalid={invalid} />
  ),
});

/** companyInfo: the name and logos the shell shows (core §3, §9: logos 2 MB, 32 px high); the logos
 *  are uploaded public, as branding the login screen may show before anyone signs in. */
const companyInfo = defineSettings<CompanySettings>({
  ...companySettings,
  ns: "system.company",
  cards: [
    {
      id: "company-info",
      title: "cards.info",
      description: "cards.infoDesc",
      schema: saveComp,
      save: companyApi.saveComp,
      perm: permsOf(companyApi.saveComp)[0],
      columns: 2,
      values: (d) => ({ compName: d.compName, compLogo: d.compLogo, compNameShort: d.compNameShort, compLogoShort: d.compLogoShort }),
      fields: (ctx) => [
        { name: "compName", label: "fields.compName", placeholder: "placeholders.compName", hint: "hints.default" },
        logo("compLogo", ctx),
        { name: "compNameShort", label: "fields.compNameShort", placeholder: "placeholders.compNameShort", hint: "hints.default" },
        logo("compLogoShort", ctx),
      ],
    },
    {
      // One zone per tenant (issue 40): every time the console shows or accepts, and the cloud's days and months.
      id: "company-zone",
      title: "cards.zone",
      description: "cards.zoneDesc",
      schema: saveTimeZone,
      save: companyApi.saveTimeZone,
      perm: permsOf(companyApi.saveTimeZone)[0],
      values: (d) => ({ timeZone: d.timeZone }),
      fields: () => [{ name: "timeZone", label: "fields.timeZone", type: "select", dict: timeZones().map((z) => ({ value: z, label: zoneLabel(z) })), hint: "hints.timeZone" }],
    },
  ],
});

export function CompanyInfoView() {
  return <SettingsPage settings={companyInfo} />;
}
