"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { defineResource, SelectField, type CustomFieldProps } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { useCall } from "@/lib/api/call";
import type { CallInput } from "@/lib/contract/call";
import { userApi } from "@/lib/contract/system/user";
import { alarmContact, alarmContactApi, alarmContactGroup, alarmContactGroupApi, type AlarmContact, type AlarmContactGroup } from "@/lib/contract/alarm/contact";
import { ChosenField, CONTACT_COLUMNS } from "./chosen-field";
import { multilingualField } from "@/components/kit/form/multilingual-input";

// The contacts picker opens from the group form only: not in the lists' first load.
const ListPicker = dynamic(() => import("@/components/kit/pickers").then((m) => m.ListPicker));

/** The console user a contact is joined to (in-site messages go to them). */
function UserSelect({ field, id, disabled, invalid }: CustomFieldProps) {
  const { data } = useCall(userApi.page, { current: 1, size: 9999 });
  const options = (data?.records ?? []).map((u) => ({ value: u.id, label: u.realname ? `${u.realname} (${u.username})` : u.username }));
  return <SelectField id={id} options={options} value={field.value} onChange={(v) => field.onChange(v === "" ? null : v)} disabled={disabled} invalid={invalid} />;
}

/** Alarm contacts (alarmLink): name, mobile, e-mail, the joined user; spreadsheet import (importLink). */
export const contactResource = defineResource<AlarmContact>({
  entity: alarmContact,
  calls: alarmContactApi,
  columns: { linkName: { minWidth: 120 }, description: { minWidth: 160 } },
  form: { columns: 2, placeholders: ["linkName", "phone", "email"], fields: { linkName: multilingualField, userId: { type: "custom", render: (p) => <UserSelect {...p} />, hint: "hints.userId" } } },
  rowActions: ["edit", "del"],
  toolbar: ["add", "import", "export", "batchDelete"],
});

/** A group's contacts: chosen in the contact picker, shown as chips. */
function ContactsField(props: CustomFieldProps) {
  const { field } = props;
  const t = useTranslations("alarm");
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  // Every contact, as the picker lists them (its filters left out).
  const { data } = useCall(alarmContactApi.page, { current: 1, size: 9999 } as CallInput<typeof alarmContactApi.page>);
  const names = new Map((data?.records ?? []).map((c) => [c.id, c.linkName]));
  return (
    <ChosenField
      {...props}
      testId="group-contacts"
      texts="group.contacts"
      chips={ids.map((i) => <Badge key={i} variant="secondary">{names.get(i) ?? `#${i}`}</Badge>)}
      picker={(state) => (
        <ListPicker
          {...state}
          title={t("group.contacts.choose")}
          call={alarmContactApi.page}
          multiple
          value={ids}
          columns={CONTACT_COLUMNS.map((key) => ({ key, title: t(`picker.columns.${key}`) }))}
          onConfirm={(picked) => field.onChange(picked.map(Number))}
        />
      )}
    />
  );
}

/** Contact groups (linkGroup): a name and its contacts. */
export const groupResource = defineResource<AlarmContactGroup>({
  entity: alarmContactGroup,
  calls: alarmContactGroupApi,
  columns: { memberCount: { width: 90 }, memberNames: { minWidth: 220 } },
  form: { placeholders: ["groupName"], fields: { groupName: multilingualField, contactIds: { type: "custom", render: (p) => <ContactsField {...p} />, full: true } } },
  rowActions: ["edit", "del"],
  toolbar: ["add", "batchDelete"],
});
