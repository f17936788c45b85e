"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { saveComp } from "@/lib/contract/system/company-settings";
import type { FormField } from "@/components/kit";
import { ImageUpload } from "@/components/kit/upload";
import { PageFrame } from "@/components/kit/page-frame";
import { SettingsBody, SettingsCard } from "./settings-card";
import { useCompany } from "./use-company";

const NS = "system.company";

/** companyInfo: the name and logos the shell shows (core §3, §9: logos 2 MB, 32 px high); the logos
 *  are uploaded public, as branding the login screen may show before anyone signs in. */
export function CompanyInfoView() {
  const t = useTranslations(NS);
  const { data, error, saved } = useCompany();
  const values = React.useMemo(
    () => (data ? { compName: data.compName, compLogo: data.compLogo, compNameShort: data.compNameShort, compLogoShort: data.compLogoShort } : {}),
    [data],
  );
  const logo = (name: string): FormField => ({
    name,
    label: `fields.${name}`,
    type: "custom",
    render: ({ field, disabled, invalid }) => (
      <ImageUpload single value={String(field.value ?? "")} onChange={field.onChange} purpose="companyLogo" sizeHint={t("hints.height", { n: 32 })} disabled={disabled} aria-invalid={invalid} />
    ),
  });
  const fields: FormField[] = [
    { name: "compName", label: "fields.compName", placeholder: "placeholders.compName", hint: "hints.default" },
    logo("compLogo"),
    { name: "compNameShort", label: "fields.compNameShort", placeholder: "placeholders.compNameShort", hint: "hints.default" },
    logo("compLogoShort"),
  ];
  return (
    <PageFrame>
      <SettingsBody data={data} error={error}>
        {() => (
          <div className="max-w-3xl">
            <SettingsCard ns={NS} testId="company-info" title={t("cards.info")} description={t("cards.infoDesc")} schema={saveComp} values={values} fields={fields} columns={2} endpoint="sys/company/saveComp" perm="sys:company:saveComp" onSaved={saved} />
          </div>
        )}
      </SettingsBody>
    </PageFrame>
  );
}
