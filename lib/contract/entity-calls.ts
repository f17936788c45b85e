import { z } from "zod";
import { defineCall, empty, file, typed, type Call, type CallAccess, type CallScope } from "./call";
import { dbId, enableState, idQuery, idsBody, pageQuery, statusBody } from "./common";
import type { Page } from "./envelope";
import type { Entity, Fields, RowOf } from "./entity";
import { OPER } from "./oper";
import type { ImportResult } from "./upload";

/** The calls an ordinary entity may have (core §7): `<api>/<route>` unless renamed. */
export type CrudRoute = "page" | "list" | "info" | "add" | "upd" | "del" | "openOrClose" | "export" | "template" | "import";

type CrudEntity<F extends Fields> = Pick<Entity<F>, "ns" | "api" | "perm" | "scope" | "body" | "update" | "filters" | "query" | "keys">;

export type CrudCallOptions<R extends CrudRoute> = {
  /** The calls the entity has (default: every one that applies: no status switch, import only with import columns). */
  only: readonly R[];
  /** Who may read (page, list, info, export, template): the screens that show the rows; default any signed-in user. */
  read?: CallAccess;
  /** Who may export and get the import template, when `read` also lets pickers in (who get names only); default `read`. */
  exportRead?: CallAccess;
  /** A route's path when the contract names it otherwise (`list` for a paged list, `importBattery`). */
  paths?: Partial<Record<CrudRoute, string>>;
  /** A write's permission code when it is not `<perm>:add|upd|del` (users' and tenants' own switches). */
  perms?: Partial<Record<"add" | "upd" | "del" | "openOrClose" | "import", string | readonly string[]>>;
  /** The switch's body: `{ id, status }` (default) or `oper`'s `{ id, enableStatus }`. */
  oper?: boolean;
  /** The update's rule when an update must be the whole object. */
  update?: z.ZodType;
  /** The calls' scope when it is not the entity's (rows of the chosen project, or of every project the caller sees before one is chosen). */
  scope?: CallScope;
};

type Row<F extends Fields> = RowOf<F>;
type CrudCalls<F extends Fields, E extends CrudEntity<F>> = {
  page: Call<E["query"], Page<Row<F>>>;
  list: Call<typeof pageQuery, Row<F>[]>;
  info: Call<typeof idQuery, Row<F>>;
  add: Call<E["body"], Row<F>>;
  upd: Call<E["update"], Row<F>>;
  del: Call<typeof idsBody, { deleted: number }>;
  openOrClose: Call<z.ZodType<{ id: number; status?: number; enableStatus?: number }>, null>;
  export: Call<E["filters"], Blob>;
  template: Call<z.ZodObject, Blob>;
  import: Call<z.ZodObject, ImportResult>;
};

/**
 * The calls of an ordinary entity, declared from its contract: where it is served (`api`), the
 * permission codes of its writes (`<perm>:add|upd|del`) and its scope. The cloud's `crudRoutes`
 * serves them, the kit's `defineResource` calls them.
 *
 *   export const batteryApi = crudCalls(battery, { only: [...], read: { menu: ["/battery"] }, paths: { import: "importBattery" } });
 */
export function crudCalls<F extends Fields, E extends CrudEntity<F>, R extends CrudRoute>(entity: E & { fields: F }, o: CrudCallOptions<R>): Pick<CrudCalls<F, E>, R> {
  if (!entity.api) throw new Error(`crudCalls(${entity.ns}): the contract names no api`);
  const read = o.read ?? "user";
  const exportRead = o.exportRead ?? read;
  const write = (action: "add" | "upd" | "del" | "openOrClose" | "import"): CallAccess => {
    const code = o.perms?.[action] ?? (entity.perm && `${entity.perm}:${action === "openOrClose" ? "upd" : action === "import" ? "add" : action}`);
    if (!code) throw new Error(`crudCalls(${entity.ns}): the contract names no perm for ${action}`);
    return { perm: code };
  };
  const scope = o.scope ?? entity.scope;
  const ns = entity.ns;
  const path = (r: CrudRoute) => `${entity.api}/${o.paths?.[r] ?? r}`;
  const make: Record<CrudRoute, () => Call> = {
    page: () => defineCall({ kind: "get", path: path("page"), input: entity.query, answer: typed<Page<Row<F>>>(), access: read, scope, entity: ns }),
    list: () => defineCall({ kind: "get", path: path("list"), input: pageQuery, answer: typed<Row<F>[]>(), access: read, scope, entity: ns }),
    info: () => defineCall({ kind: "get", path: path("info"), input: idQuery, answer: typed<Row<F>>(), access: read, scope, entity: ns }),
    add: () => defineCall({ kind: "post", path: path("add"), input: entity.body, answer: typed<Row<F>>(), access: write("add"), scope, entity: ns }),
    upd: () => defineCall({ kind: "post", path: path("upd"), input: o.update ?? entity.update, answer: typed<Row<F>>(), access: write("upd"), scope, entity: ns }),
    del: () => defineCall({ kind: "post", path: path("del"), input: idsBody, answer: z.object({ deleted: z.number().int() }), access: write("del"), scope, entity: ns }),
    openOrClose: () =>
      defineCall({ kind: "post", path: o.oper ? `${entity.api}/${OPER.path}` : path("openOrClose"), input: o.oper ? z.object({ id: dbId, [OPER.field]: enableState }) : statusBody, answer: empty, access: write("openOrClose"), scope, entity: ns }),
    export: () => defineCall({ kind: "export", path: path("export"), input: entity.filters, answer: file, access: exportRead, scope, entity: ns }),
    template: () => defineCall({ kind: "export", path: path("template"), input: z.object({}), answer: file, access: exportRead, scope, entity: ns }),
    import: () => defineCall({ kind: "upload", path: path("import"), input: z.object({}), answer: typed<ImportResult>(), access: write("import"), scope, entity: ns }),
  };
  return Object.fromEntries(o.only.map((r) => [r, make[r]()])) as Pick<CrudCalls<F, E>, R>;
}
