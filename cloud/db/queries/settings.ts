import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { settings } from "../schema";
import type { Db } from "../client";
import { tenantOf } from "../../lib/scope";

/**
 * A tenant's settings document by key, over its defaults. A stored document that no longer fits
 * the schema (an older shape) reads as the defaults rather than failing the request.
 */
export async function loadSetting<S extends z.ZodTypeAny>(db: Db, tenantId: number, key: string, schema: S, defaults: z.output<S>): Promise<z.output<S>> {
  const [row] = await db.select({ data: settings.data }).from(settings).where(tenantOf(tenantId).where(settings, eq(settings.key, key)));
  const parsed = schema.safeParse({ ...(defaults as object), ...((row?.data as object) ?? {}) });
  return parsed.success ? parsed.data : defaults;
}

export async function saveSetting(db: Db, tenantId: number, key: string, data: object, now: Date) {
  await db
    .insert(settings)
    .values({ tenantId, key, data, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { data: sql`excluded.data`, updatedAt: now } });
}
