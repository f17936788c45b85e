"use client";

import useSWR from "swr";
import { z } from "zod";
import { useTranslations } from "next-intl";
import { swrFetcher } from "@/lib/api/fetcher";
import { AVAILABLE_CHANNELS, TEMPLATE_CHANNELS, extractVariables, template, templateQuery, templateUpdate, type TemplateCount, type TemplateRow } from "@/lib/contract/system/template";
import { defineResource, ResourcePage, SelectField, useDict, type CustomFieldProps, type ResourceUi } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";

/** The list always shows one available channel; anything else (WeChat, junk) reads as in-site. */
const listQuery = templateQuery.extend({ channel: z.coerce.number().int().min(1).max(3).catch(1).default(1) });

function Variables({ names }: { names: string[] }) {
  const t = useTranslations("system.template");
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" data-testid="template-variables">
      {t("variablesFound")}
      {names.length ? names.map((v) => <Badge key={v}>{`\${${v}}`}</Badge>) : t("noVariables")}
    </p>
  );
}

/**
 * Channel tabs with their counts (`countAllType`); WeChat shown, not yet available. The kit's tabs
 * read counts from an object and cannot disable a tab, so this strip sits in the `top` slot.
 */
function ChannelTabs({ ui }: { ui: ResourceUi<TemplateRow> }) {
  const t = useTranslations();
  const counts = useSWR<TemplateCount[]>("msg/template/countAllType", swrFetcher);
  const countOf = (c: number) => counts.data?.find((x) => x.channel === c)?.count;
  return (
    <Tabs value={String(ui.query.channel)} onValueChange={(v) => ui.setFilters({ channel: v })}>
      <TabsList>
        {TEMPLATE_CHANNELS.map((c) => {
          const available = (AVAILABLE_CHANNELS as readonly number[]).includes(c);
          const n = countOf(c);
          return (
            <TabsTrigger key={c} value={String(c)} disabled={!available} data-testid={`tab-${c}`} title={available ? undefined : t("system.template.unavailable")}>
              {t(`enums.notifyChannel.${c}` as never)}
              {available && n !== undefined && <span className="text-xs">({n})</span>}
            </TabsTrigger>
          );
        })}
      </TabsList>
    </Tabs>
  );
}

/** The channels a template can be written for (WeChat is listed in the tabs, not offered). */
function ChannelSelect({ field, disabled, invalid }: CustomFieldProps) {
  const options = useDict("notifyChannel").filter((o) => (AVAILABLE_CHANNELS as readonly number[]).includes(Number(o.value)));
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
  api: "msg/template",
  perm: "msg:template",
  perms: { openOrClose: "msg:template:upd" },
  schemas: { query: listQuery, update: templateUpdate },
  search: { keyword: "name", keywordPlaceholder: "placeholders.name", items: { channel: false } },
  columns: { name: { type: "click", minWidth: 160 }, code: { width: 160 }, variables: { type: "arr", minWidth: 180 } },
  form: {
    columns: 2,
    width: 820,
    // A new template goes into the channel of the tab it was added from.
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
  multiple: true,
  slots: { top: (ui) => <ChannelTabs ui={ui} /> },
});

export function TemplateList() {
  return <ResourcePage resource={templateResource} />;
}
