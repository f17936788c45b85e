"use client";

import { permsOf } from "@/lib/contract/call";
import { companyApi, saveEncrypt, type CompanySettings } from "@/lib/contract/system/company-settings";
import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";
import { companySettings } from "../company-settings";
import { ExemptionsField } from "./exemptions-field";

/** phoneSet: masking of phones (138****1234) and e-mails (abc***@x.com), with exemptions (core §6). */
const phoneSet = defineSettings<CompanySettings>({
  ...companySettings,
  ns: "system.phoneSet",
  cards: [
    {
      id: "phone-set",
      title: "cards.mask",
      description: "cards.maskDesc",
      schema: saveEncrypt,
      save: companyApi.saveEncrypt,
      perm: permsOf(companyApi.saveEncrypt)[0],
      values: (d) => ({ ...d.encrypt }),
      fields: [
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
      ],
    },
  ],
});

export function PhoneSetView() {
  return <SettingsPage settings={phoneSet} />;
}
