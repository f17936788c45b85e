"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { saveEncrypt } from "@/lib/contract/system/company-settings";
import type { FormField } from "@/components/kit";
import { PageFrame } from "@/components/kit/page-frame";
import { SettingsBody, SettingsCard } from "../company/settings-card";
import { useCompany } from "../company/use-company";
import { ExemptionsField } from "./exemptions-field";

const NS = "system.phoneSet";

/** phoneSet: masking of phones (138****1234) and e-mails (abc***@x.com), with exemptions (core §6). */
export function PhoneSetView() {
  const t = useTranslations(NS);
  const { data, error, saved } = useCompany();
  const values = React.useMemo(() => (data ? { ...data.encrypt } : {}), [data]);
  const fields: FormField[] = [
    { name: "phoneMask", label: "fields.phoneMask", type: "switch", on: true, off: false, hint: "hints.phoneMask" },
    { name: "emailMask", label: "fields.emailMask", type: "switch", on: true, off: false, hint: "hints.emailMask" },
    {
      name: "exemptUserIds",
      label: "fields.exemptions",
      type: "custom",
      hint: "hints.exemptions",
      // One picker writes both lists.
      render: ({ field, form, disabled }) => (
        <ExemptionsField
          disabled={disabled}
          value={{ userIds: (field.value ?? []) as number[], departmentIds: (form.watch("exemptDepartmentIds") ?? []) as number[] }}
          onChange={(v) => {
            field.onChange(v.userIds);
            form.setValue("exemptDepartmentIds", v.departmentIds, { shouldDirty: true });
          }}
        />
      ),
    },
  ];
  return (
    <PageFrame>
      <SettingsBody data={data} error={error}>
        {() => (
          <div className="max-w-3xl">
            <SettingsCard ns={NS} testId="phone-set" title={t("cards.mask")} description={t("cards.maskDesc")} schema={saveEncrypt} values={values} fields={fields} endpoint="sys/company/saveEncrypt" perm="sys:company:saveEncrypt" onSaved={saved} />
          </div>
        )}
      </SettingsBody>
    </PageFrame>
  );
}
