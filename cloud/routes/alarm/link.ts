import { and, eq, sql } from "drizzle-orm";
import { alarmContact, alarmContactApi, LINK_SCREEN } from "@/lib/contract/alarm/contact";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import { alarmContacts, alarmRuleRecipients, users } from "../../db/schema";
import { mayOpen } from "../../lib/auth";
import { rowMapper } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { localized } from "../../lib/i18n-text";
import { forbidden } from "../../lib/http";
import { assertTenantUsers } from "../../db/queries/org";

const toRow = rowMapper(alarmContact);

/**
 * Alarm contacts (alarmLink): paged, added one by one or imported from a spreadsheet (importLink);
 * `userId` joins a console user. Their screen reads them whole; a rule editor's picker reads names
 * only, and may not search by phone or e-mail (which would tell them one by one).
 */
export const linkServed = crudRoutes({
  table: alarmContacts,
  entity: alarmContact,
  calls: alarmContactApi,
  // Drizzle writes a column in raw SQL without its table: the outer row is named in full.
  extra: (locale) => ({ realname: sql<string | null>`(select coalesce(nullif(u.i18n->'realname'->>${locale}, ''), u.realname) from ${users} u where u.id = "alarm_contacts"."user_id")` }),
  filters: async (c, q) => {
    if ((q.phone || q.email) && !(await mayOpen(c, LINK_SCREEN))) throw forbidden();
    return [];
  },
  answer: async (c, rows) => {
    const named = rows.map((r) => localized(c.var.locale, r));
    return (await mayOpen(c, LINK_SCREEN)) ? named.map(toRow) : named.map((r) => ({ id: r.id, linkName: r.linkName }));
  },
  values: async (c, input) => {
    if (typeof input.userId === "number") await assertTenantUsers(c.var.deps.db, c.var.auth.tenantId, [input.userId]);
    return {};
  },
  inUse: [{ table: alarmRuleRecipients, column: alarmRuleRecipients.linkId, where: and(eq(alarmRuleRecipients.linkType, LINK_TYPE.contact)), what: "alarm.rule.entity" }],
});
