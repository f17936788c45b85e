import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { departments } from "../db/schema";

/**
 * The tenant's root department, the company itself (core §6): created with the tenant, named
 * after it. Called again it returns the existing root, so creating a tenant twice is harmless.
 */
export async function ensureRootDepartment(db: Db, tenantId: number, name: string): Promise<number> {
  const [root] = await rootDepartment(db, tenantId);
  if (root) return root.id;
  const [row] = await db.insert(departments).values({ tenantId, parentId: null, departmentName: name.slice(0, 64) }).returning({ id: departments.id });
  return row.id;
}

export function rootDepartment(db: Db, tenantId: number) {
  return db.select().from(departments).where(and(eq(departments.tenantId, tenantId), isNull(departments.parentId))).limit(1);
}

/** A department and every department below it (for filters "in this department"). */
export async function departmentAndDescendants(db: Db, tenantId: number, id: number): Promise<number[]> {
  const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(eq(departments.tenantId, tenantId));
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parentId !== null) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  if (!all.some((d) => d.id === id)) return [];
  const out: number[] = [];
  for (const stack = [id]; stack.length; ) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}
