import { sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { AVAILABLE_CHANNELS, TEMPLATE_CHANNELS, extractVariables, template, templateApi, type TemplateAdd, type TemplateCount, type TemplateRow } from "@/lib/contract/system/template";
import { fieldLabelKey } from "@/lib/contract/entity";
import { notificationTemplates } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";
import { AppError, badRequest, fieldError } from "../../lib/http";
import { sanitizeRichText } from "../../lib/sanitize";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";

/** Markup: a tag such as `<p>` or `</b>` (a lone "<" as in "temperature < 5" is text). */
const TAG = /<\/?[a-zA-Z][^>]*>/;
/** Channels whose content is HTML (in-site and e-mail); SMS and titles are plain text. */
const HTML_CHANNELS: readonly number[] = [1, 3];

/**
 * Where the channel carries HTML, the content as written: sanitised before the column and the
 * multilingual text of the caller's language are both taken from it.
 */
const sanitised = (input: Record<string, unknown>) => (HTML_CHANNELS.includes(input.channel as number) ? { ...input, content: sanitizeRichText(input.content as string) } : input);

/** Checks what the form cannot: WeChat is not available yet; HTML (sanitised by then) is refused where the channel does not carry it. */
function values(input: TemplateAdd) {
  if (!(AVAILABLE_CHANNELS as readonly number[]).includes(input.channel)) throw badRequest("cloud.templateChannelUnavailable");
  const html = HTML_CHANNELS.includes(input.channel);
  if (TAG.test(input.title ?? "") || (!html && TAG.test(input.content))) throw badRequest("cloud.templateHtml");
  const content = input.content;
  if (!content.trim()) throw fieldError("content", "validation.required", {}, fieldLabelKey(template.body, "content"));
  return {
    channel: input.channel,
    name: input.name,
    code: input.code,
    title: input.title ?? "",
    content,
    variables: extractVariables(input.title, content),
    enabled: input.enabled,
    remark: input.remark || null,
  };
}

export const templateServed = [
  ...crudRoutes<typeof template.fields, TemplateRow>({
    table: notificationTemplates,
    entity: template,
    calls: templateApi,
    status: "enabled",
    input: sanitised,
    values: (_, input) => values(input as TemplateAdd),
    unique: [{ field: "code", error: (code) => new AppError(Code.CONFLICT, "cloud.templateCodeTaken", { code }) }],
  }),
  serve(templateApi.countAllType, async (c) => {
    const rows = await c.var.deps.db
      .select({ channel: notificationTemplates.channel, count: sql<number>`count(*)::int` })
      .from(notificationTemplates)
      .where(tenantScope(c.var.auth).where(notificationTemplates))
      .groupBy(notificationTemplates.channel);
    const counts: TemplateCount[] = TEMPLATE_CHANNELS.map((channel) => ({ channel, count: rows.find((r) => r.channel === channel)?.count ?? 0 }));
    return counts;
  }),
];
