"use client";

import * as React from "react";
import { z } from "zod";
import { useTranslations } from "next-intl";
import { AVAILABLE_CHANNELS, TEMPLATE_CHANNELS, extractVariables, templateAdd, templateQuery, templateUpdate, type TemplateCount, type TemplateRow } from "@/lib/contract/system/template";
import { defineResource, ResourcePage, type TabsConfig } from "@/components/kit";
import { Badge } from "@/components/ui/badge";
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

/** Channel tabs with their counts (`countAllType`, an array); WeChat shown, not yet available. */
const channelTabs: TabsConfig = {
  prop: "channel",
  dict: "notifyChannel",
  items: TEMPLATE_CHANNELS.map((c) => ({ name: String(c), disabled: !(AVAILABLE_CHANNELS as readonly number[]).includes(c), hint: "unavailable" })),
  countUrl: "msg/template/countAllType",
  counts: (data: TemplateCount[]) => Object.fromEntries(data.map((x) => [String(x.channel), x.count])),
};

function useTemplateResource() {
  const t = useTranslations();
  const channels = React.useMemo(() => AVAILABLE_CHANNELS.map((c) => ({ value: c, label: t(`enums.notifyChannel.${c}` as never) })), [t]);
  return React.useMemo(
    () =>
      defineResource<TemplateRow>({
        ns: "system.template",
        api: "msg/template",
        perm: "msg:template",
        perms: { openOrClose: "msg:template:upd" },
        schemas: { query: listQuery, create: templateAdd, update: templateUpdate },
        search: {
          keyword: "name",
          keywordPlaceholder: "placeholders.name",
          items: [
            { prop: "name", label: "fields.name" },
            { prop: "enabled", type: "select", label: "fields.enabled", dict: "enableState" },
          ],
        },
        columns: [
          { prop: "name", label: "fields.name", type: "click", minWidth: 160 },
          { prop: "code", label: "fields.code", width: 160 },
          { prop: "title", label: "fields.title", minWidth: 160 },
          { prop: "variables", label: "fields.variables", type: "arr", minWidth: 180 },
          { prop: "enabled", label: "fields.enabled", type: "switch", width: 90 },
          { prop: "updateTime", label: "fields.updateTime", type: "time", width: 170 },
        ],
        form: {
          columns: 2,
          width: 820,
          defaults: { name: "", code: "", title: "", content: "", enabled: 1, remark: "" },
          // A new template goes into the channel of the tab shown.
          preset: (q) => ({ channel: q.channel }),
          toForm: ({ id, channel: ch, name, code, title, content, enabled, remark }) => ({ id, channel: ch, name, code, title, content, enabled, remark }),
          fields: [
            { name: "channel", label: "fields.channel", type: "select", dict: channels, required: true },
            { name: "enabled", label: "fields.enabled", type: "radio", dict: "enableState" },
            { name: "name", label: "fields.name", required: true, placeholder: "placeholders.name" },
            { name: "code", label: "fields.code", required: true, placeholder: "placeholders.code", hint: "hints.code" },
            { name: "title", label: "fields.title", full: true, placeholder: "placeholders.title", show: (v) => Number(v.channel) !== 2 },
            {
              name: "content",
              label: "fields.content",
              type: "custom",
              required: true,
              hint: "hints.content",
              render: ({ field, form, disabled, invalid }) => (
                <div className="space-y-1.5">
                  <Textarea id="field-content" rows={6} value={String(field.value ?? "")} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} aria-invalid={invalid || undefined} placeholder={t("system.template.placeholders.content")} />
                  <Variables names={extractVariables(form.watch("title"), String(field.value ?? ""))} />
                </div>
              ),
            },
            { name: "remark", label: "fields.remark", type: "textarea" },
          ],
        },
        detail: [
          { prop: "name", label: "fields.name" },
          { prop: "code", label: "fields.code" },
          { prop: "channel", label: "fields.channel", type: "dict", dict: "notifyChannel" },
          { prop: "enabled", label: "fields.enabled", type: "dict", dict: "enableState" },
          { prop: "title", label: "fields.title", full: true },
          { prop: "content", label: "fields.content", full: true },
          { prop: "variables", label: "fields.variables", type: "slot", full: true, render: (r) => <Variables names={r.variables} /> },
          { prop: "remark", label: "fields.remark", full: true },
          { prop: "createTime", label: "fields.createTime", type: "time" },
          { prop: "updateTime", label: "fields.updateTime", type: "time" },
        ],
        rowActions: ["view", "edit", "del"],
        toolbar: ["add", "batchDelete"],
        multiple: true,
        tabs: channelTabs,
      }),
    [channels, t],
  );
}

/** notificationTemplate: templates per channel with their `${variables}`. */
export function TemplateList() {
  return <ResourcePage resource={useTemplateResource()} />;
}
