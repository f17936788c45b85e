import { Code } from "@/lib/contract/envelope";
import { retentionApi } from "@/lib/contract/system/retention";
import { foreignProjects, monthsDeleted, retentionSettings, saveRetention } from "../../db/queries/retention";
import { AppError, fieldError, ok } from "../../lib/http";
import { t } from "../../lib/i18n";
import { serve } from "../../lib/serve";
import type { Ctx } from "../../lib/context";
import type { RetentionChange } from "@/lib/contract/system/retention";

/** A change naming another tenant's project is refused before anything is computed. */
async function checked(c: Ctx, change: RetentionChange) {
  const foreign = await foreignProjects(c.var.deps.db, c.var.auth.tenantId, change);
  if (foreign.length) throw fieldError("overrides", "validation.invalidOption");
  return monthsDeleted(c.var.deps.db, c.var.auth.tenantId, change, c.var.deps.now());
}

/**
 * sys/retention: what the caller's tenant keeps, the months a change would delete, and the save —
 * refused while it would delete a month the caller did not confirm (the screen's warning names them).
 */
export const retentionServed = [
  serve(retentionApi.info, (c) => retentionSettings(c.var.deps.db, c.var.auth.tenantId, c.var.deps.now(), c.var.locale)),
  serve(retentionApi.preview, async (c, change) => ({ months: await checked(c, change) })),
  serve(retentionApi.save, async (c, { confirmMonths, ...change }) => {
    const { db, now } = c.var.deps;
    const months = await checked(c, change);
    const confirmed = new Set(confirmMonths);
    const unconfirmed = months.filter((m) => !confirmed.has(m));
    if (unconfirmed.length) throw new AppError(Code.BAD_REQUEST, "cloud.retention.confirmDelete", { months: unconfirmed.join(t(c.var.locale, "cloud.listSeparator")) }, { months: unconfirmed });
    await saveRetention(db, c.var.auth.tenantId, change, now());
    return ok(c, await retentionSettings(db, c.var.auth.tenantId, now(), c.var.locale), "cloud.saved");
  }),
];
