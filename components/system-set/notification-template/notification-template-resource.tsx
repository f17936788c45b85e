"use client";

import { useTranslations } from "next-intl";
import { AVAILABLE_CHANNELS, TEMPLATE_CHANNELS, extractVariables, template, templateApi, templateUpdate, type TemplateCount, type TemplateRow } from "@/lib/contract/system/template";
import { type CustomFieldProps, defineResource, resourcePage, SelectField, urlOneOf, useDict } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { Textarea } from "@/components/ui/textarea";

/** The list always shows one available channel; anything else (WeChat, junk) reads as in-site. */
const available = (c: unknown) => (AVAILABLE_CHANNELS as readonly number[]).includes(Number(c));

function Variables({ names }: { names: string[] }) {
  const t = useTranslations("system.template");
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" data-testid="template-variables">
      {t("variablesFound")}
      {names.length ? names.map((v) => <Badge key={v}>{`\${${v}}`}</Badge>) : t("noVariables")}
    </p>
  );
}

/** The channels a template can be written for (WeChat is listed in the tabs, not offered). */
function ChannelSelect({ field, disabled, invalid }: CustomFieldProps) {
  const options = useDict("notifyChannel").filter((o) => available(o.value));
  return <SelectField id="field-channel" options={options} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} clearable={false} />;
}

function ContentField({ field, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("system.template");
  return (
    <div className="space-y-1.5">
      <Textarea id="field-content" rows={6} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} aria-invalid={invalid || undefined} placeholder={t("placeholders.content")} />
      <Variables names={extractVariables(form.watch("title"), String(field.value ?? ""))} />
    </div>
  );
}

/** notificationTemplate: templates per channel with their `${variables}`. */
export const templateResource = defineResource<TemplateRow>({
  entity: template,
  calls: templateApi,
  schemas: { update: templateUpdate },
  query: { channel: urlOneOf(AVAILABLE_CHANNELS, 1) },
  // Channel tabs with their counts (`countAllType`, an array); WeChat shown, not yet available.
  tabs: {
    prop: "channel",
    dict: "notifyChannel",
    items: TEMPLATE_CHANNELS.map((c) => ({ name: String(c), disabled: !available(c), hint: "unavailable" })),
    countCall: templateApi.countAllType,
    counts: (data: TemplateCount[]) => Object.fromEntries(data.map((x) => [String(x.channel), x.count])),
  },
  search: { items: { channel: false } },
  columns: { name: { type: "click", minWidth: 160 }, code: { width: 160 }, variables: { type: "arr", minWidth: 180 } },
  form: {
    columns: 2,
    width: 820,
    // A new template goes into the channel of the tab shown.
    preset: (q) => ({ channel: q.channel }),
    placeholders: ["name", "code", "title"],
    fields: {
      channel: { type: "custom", render: (p) => <ChannelSelect {...p} /> },
      code: { hint: "hints.code" },
      title: { show: (v) => Number(v.channel) !== 2 },
      content: { type: "custom", hint: "hints.content", render: (p) => <ContentField {...p} /> },
    },
  },
  detail: { variables: { type: "slot", full: true, render: (r) => <Variables names={r.variables} /> } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const TemplateList = resourcePage(templateResource);
