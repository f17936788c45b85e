"use client";

import { useTranslations } from "next-intl";
import { UsersIcon, UserIcon, XIcon } from "lucide-react";
import type { CustomFieldProps } from "@/components/kit";
import { TabbedListPicker, type PickerTab } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import { alarmContactApi, alarmContactGroupApi, type RecipientRow } from "@/lib/contract/alarm/contact";
import { ChosenField, CONTACT_COLUMNS } from "./chosen-field";

type Row = Record<string, unknown>;
const CONTACT = String(LINK_TYPE.contact);
const GROUP = String(LINK_TYPE.group);
const TABS = [
  { key: CONTACT, tab: "contact", call: alarmContactApi.page, columns: CONTACT_COLUMNS },
  { key: GROUP, tab: "group", call: alarmContactGroupApi.page, columns: ["groupName", "memberCount"] },
];

/**
 * A rule's recipients: chips of the chosen contacts and groups, and the alarm-recipient picker
 * (widgets §2: a contacts tab, value '1', and a contact-groups tab, value '2').
 */
export function RecipientField(props: CustomFieldProps) {
  const { field, disabled } = props;
  const t = useTranslations("alarm");
  const value: RecipientRow[] = Array.isArray(field.value) ? field.value : [];
  const ids = (type: number) => value.filter((r) => r.linkType === type).map((r) => r.linkId);
  const tabs: PickerTab<Row>[] = TABS.map(({ key, tab, call, columns }) => ({
    key,
    label: t(`link.tabs.${tab}`),
    call,
    columns: columns.map((c) => ({ key: c, title: t(`picker.columns.${c}`) })),
  }));
  const nameOf = (type: number, linkId: number, rows: Row[]) => {
    const row = rows.find((r) => r.id === linkId);
    const name = row ? String(type === LINK_TYPE.contact ? row.linkName : row.groupName) : undefined;
    return name ?? value.find((r) => r.linkType === type && r.linkId === linkId)?.name ?? `#${linkId}`;
  };
  return (
    <ChosenField
      {...props}
      testId="rule-recipients"
      texts="rule.recipients"
      chips={value.map((r) => (
        <Badge key={`${r.linkType}:${r.linkId}`} variant="secondary" className="gap-1">
          {r.linkType === LINK_TYPE.group ? <UsersIcon className="size-3" /> : <UserIcon className="size-3" />}
          <span className="sr-only">{t(r.linkType === LINK_TYPE.group ? "rule.recipients.group" : "rule.recipients.contact")}</span>
          {r.name}
          {!disabled && (
            <button type="button" aria-label={`${r.name} ×`} className="rounded-full hover:text-destructive" onClick={() => field.onChange(value.filter((x) => x !== r))}>
              <XIcon className="size-3" />
            </button>
          )}
        </Badge>
      ))}
      picker={(state) => (
        <TabbedListPicker
          {...state}
          title={t("picker.title")}
          tabs={tabs}
          value={{ [CONTACT]: ids(LINK_TYPE.contact), [GROUP]: ids(LINK_TYPE.group) }}
          onConfirm={(picked, rows) =>
            field.onChange(
              [LINK_TYPE.contact, LINK_TYPE.group].flatMap((type) =>
                (picked[String(type)] ?? []).map((linkId) => ({ linkType: type, linkId: Number(linkId), name: nameOf(type, Number(linkId), rows[String(type)] ?? []) })),
              ),
            )
          }
        />
      )}
    />
  );
}
