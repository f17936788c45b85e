import { and, eq, sql } from "drizzle-orm";
import { alarmContact, alarmContactApi } from "@/lib/contract/alarm/contact";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import { alarmContacts, alarmRuleRecipients, users } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";
import { assertTenantUsers } from "../../db/queries/org";

/** Alarm contacts (alarmLink): paged, added one by one or imported from a spreadsheet (importLink); `userId` joins a console user. */
export const linkServed = crudRoutes({
  table: alarmContacts,
  entity: alarmContact,
  calls: alarmContactApi,
  // Drizzle writes a column in raw SQL without its table: the outer row is named in full.
  extra: { realname: sql<string | null>`(select u.realname from ${users} u where u.id = "alarm_contacts"."user_id")` },
  values: async (c, input) => {
    if (typeof input.userId === "number") await assertTenantUsers(c.var.deps.db, c.var.auth.tenantId, [input.userId]);
    return {};
  },
  inUse: [{ table: alarmRuleRecipients, column: alarmRuleRecipients.linkId, where: and(eq(alarmRuleRecipients.linkType, LINK_TYPE.contact)), what: "alarm.rule.entity" }],
});
