"use client";

import { permsOf } from "@/lib/contract/call";
import { companyApi, saveComp, type CompanySettings } from "@/lib/contract/system/company-settings";
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
      save: companyApi.saveComp.path,
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
  ],
});

export function CompanyInfoView() {
  return <SettingsPage settings={companyInfo} />;
}
