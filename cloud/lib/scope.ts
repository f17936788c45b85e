import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { tenants } from "../db/schema";
import type { Auth } from "./context";

type TenantOwned = { tenantId: PgColumn };
type ProjectOwned = TenantOwned & { projectId: PgColumn };

/**
 * The one place tenant isolation lives: every tenant-owned query goes through this, with the
 * tenant taken from the token. A `tenantId` or `projectId` in a body is never trusted.
 */
export function tenantScope(auth: Pick<Auth, "tenantId">) {
  return {
    tenantId: auth.tenantId,
    /** `tenant_id = caller's tenant`, and-ed with any further conditions. */
    where<T extends TenantOwned>(table: T, ...conds: (SQL | undefined)[]): SQL {
      return and(eq(table.tenantId, auth.tenantId), ...conds)!;
    },
    /** The tenant's own row in `tenants` (its settings, contract, administrator). */
    self(): SQL {
      return eq(tenants.id, auth.tenantId);
    },
    /** Stamps the caller's tenant on a row to insert, overriding whatever the body said. */
    owned<V extends object>(values: V): V & { tenantId: number } {
      return { ...values, tenantId: auth.tenantId };
    },
  };
}

/** What a user keeps for themselves (their own dictionaries): the caller's tenant and the caller. */
export function personalScope(auth: Pick<Auth, "tenantId" | "userId">) {
  return {
    where<T extends TenantOwned & { userId: PgColumn }>(table: T, ...conds: (SQL | undefined)[]): SQL {
      return tenantScope(auth).where(table, eq(table.userId, auth.userId), ...conds);
    },
  };
}

/** A tenant by its id, for the platform's own calls about tenants (tenant management, login). */
export const tenantOf = (tenantId: number) => tenantScope({ tenantId });

/** The project a call works in: the `projectId` header, checked against the caller's projects (`requireProject`). */
export type ActiveProject = { id: number; tenantId: number };

/**
 * Project-owned tables (devices, spaces, alarms…): the caller's tenant and the project the call
 * works in, both from the server's side (token and checked header), never from a body.
 */
export function projectScope(project: ActiveProject) {
  const tenant = tenantScope(project);
  return {
    tenantId: project.tenantId,
    projectId: project.id,
    where<T extends ProjectOwned>(table: T, ...conds: (SQL | undefined)[]): SQL {
      return tenant.where(table, eq(table.projectId, project.id), ...conds);
    },
    owned<V extends object>(values: V): V & { tenantId: number; projectId: number } {
      return { ...tenant.owned(values), projectId: project.id };
    },
  };
}
export type ProjectScope = ReturnType<typeof projectScope>;
