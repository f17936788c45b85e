import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Auth } from "./context";

type TenantOwned = { tenantId: PgColumn };

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
    /** Stamps the caller's tenant on a row to insert, overriding whatever the body said. */
    owned<V extends object>(values: V): V & { tenantId: number } {
      return { ...values, tenantId: auth.tenantId };
    },
  };
}
export type TenantScope = ReturnType<typeof tenantScope>;
