/**
 * The kit's public API: a list screen is one declarative `defineResource({...})` rendered by
 * `<ResourcePage resource={...}/>` (search bar + tabs + toolbar + table + pagination + one
 * dialogs host for create / edit / view / confirm).
 *
 * ```tsx
 * // components/sys/role-resource.tsx ("use client")
 * export const roleResource = defineResource<Role>({
 *   ns: "sys.role",                 // message prefix: labels below are keys under it
 *   api: role.api,                  // SWR keys under it revalidate after a mutation
 *   calls: roleApi,                 // page / info / add / upd / del / export / openOrClose, and the buttons' codes
 *   schemas: { create: roleBody, update: roleUpdate },
 *   query: { roleName: urlText(), enabled: urlOneOf([1, 2]), startTime: urlDate, endTime: urlDate },
 *   search: { keyword: "roleName", items: [
 *     { prop: "roleName", type: "input", label: "fields.roleName" },
 *     { prop: "enabled", type: "select", label: "fields.enabled", dict: "enableState" },
 *     { prop: "createTime", prop1: "startTime", prop2: "endTime", type: "date2", label: "fields.createTime" },
 *   ]},
 *   tabs: { prop: "kind", items: [{ name: "1", label: "tabs.user" }, { name: "2", label: "tabs.tenant" }] },
 *   columns: [
 *     { prop: "roleName", label: "fields.roleName", type: "click", onClick: (row, ui) => ui.open("view", row) },
 *     { prop: "enabled", label: "fields.enabled", type: "switch" },   // POST <api>/openOrClose {id,status}
 *     { prop: "createTime", label: "fields.createTime", type: "time" },
 *     { def: { id: "x", header: "X", cell: (c) => ... } },            // plain TanStack column escape hatch
 *   ],
 *   form: { fields: [
 *     { name: "roleName", label: "fields.roleName", type: "text", required: true },
 *     { name: "enabled", label: "fields.enabled", type: "radio", dict: "enableState" },
 *     { name: "menuIds", label: "fields.menus", type: "custom", render: ({ field }) => <MenuTree {...field} /> },
 *   ]},
 *   rowActions: ["view", "edit", { key: "auth", label: "actions.auth", perm: permsOf(roleApi.updUserAuth)[0], onClick: (row, ui) => ... }, "del"],
 *   toolbar: ["add", "export", "import", "batchDelete"],   // import: ImportDialog on <api>/import + /template
 *   slots: { left: (ctx) => <DeptTree onChange={(id) => ctx.setFilters({ departmentId: id })} /> },
 * });
 * // app/(console)/sys/role/page.tsx: <ResourcePage resource={roleResource} />
 * ```
 *
 * Tree mode (`tree: {...}`): the page endpoint answers the whole tree (an array of nodes with
 * their children under `childrenKey`); the table shows it indented with expand / collapse, no
 * paging, and the search bar filters it in the browser keeping the ancestors of every match.
 * The built-in row action "addChild" opens the create dialog with the parent pre-filled
 * (`?create=1&parent=<key>`); a built-in can take a per-row rule: `{ builtin: "edit", show }`.
 *
 * ```tsx
 * export const departmentResource = defineResource<DepartmentNode>({
 *   entity: department,
 *   calls: { ...departmentApi, page: departmentApi.tree },
 *   tree: { defaultExpanded: 2, addParent: (nodes) => nodes[0] },  // toolbar "add" goes under the root
 *   search: { keyword: "departmentName", items: [] },                // matched in the browser
 *   rowActions: [{ builtin: "addChild", show: (r) => !r.root }, { builtin: "del", show: (r) => !r.root, confirm: "confirmDelete" }],
 *   ...
 * });
 * ```
 *
 * With a contract (`entity: project`) a definition states only what differs: the columns, search,
 * form and detail come from its fields, and `api`, `perm` and whether the rows are a project's
 * (`needsProject`) from what the contract says of where it is served — as the cloud's `crudRoutes` reads them.
 *
 * Labels (`label`, `title`, tab labels) are message keys under `ns`; kit texts come from `kit`.
 * List state (tab, filters, current, size, sort) lives in the URL and is read by the readers of
 * `query` (bad values fall back to defaults); `?create=1`, `?edit=<id>`, `?view=<id>`
 * open the dialogs. After any mutation every SWR key under `api` revalidates.
 * Widgets of other files plug into forms through `type: "custom"` + `render({ field, form })`.
 */
import { menusOf, permsOf, type AnyCall } from "@/lib/contract/call";
import { labelOf } from "@/lib/contract/entity";
import type { CrudRoute } from "@/lib/contract/entity-calls";
import { entityUrlKeys } from "./url-values";
import { deriveColumns, deriveDefaults, deriveDetailRows, deriveFormFields, deriveSearchItems, pickForm } from "./entity-views";
import type { AnyRow, BuiltinToolbarAction, ColumnSpec, DetailLayout, DetailRow, Endpoints, EntityResourceConfig, FormConfig, PermAction, RawColumn, Resource, ResourceConfig, Tweaks } from "./resource-types";

// The types live apart (resource-types.ts, importing nothing that imports them) and are read here as before.
export type * from "./resource-types";

export const PAGE_SIZES = [10, 20, 50, 100];

const isLayout = <Row extends AnyRow>(d: object): d is DetailLayout<Row> => Array.isArray((d as DetailLayout<Row>).sections) || Array.isArray((d as DetailLayout<Row>).tabs);

const ENDPOINTS = ["page", "info", "add", "upd", "del", "export", "import", "template", "openOrClose"] as const satisfies readonly (keyof Endpoints & CrudRoute)[];
const PERM_ACTIONS = ["add", "upd", "del", "import", "openOrClose"] as const satisfies readonly (PermAction & CrudRoute)[];

/** A resource's endpoints and buttons' codes from the calls its entity declares: an undeclared call has no endpoint. */
function fromCalls(calls: Partial<Record<CrudRoute, AnyCall>>, given: Pick<ResourceConfig, "endpoints" | "perms">) {
  const endpoints = Object.fromEntries(ENDPOINTS.map((r) => [r, calls[r]?.path ?? false])) as Partial<Endpoints>;
  const perms = Object.fromEntries(PERM_ACTIONS.filter((r) => calls[r]).map((r) => [r, permsOf(calls[r]!)[0] ?? null]));
  const read = calls.page ?? calls.list;
  const readers = read ? menusOf(read) : [];
  return { endpoints: { ...endpoints, ...given.endpoints }, perms: { ...perms, ...given.perms }, ...(readers.length && { readers }) };
}

/** The views of an entity resolved into a plain `ResourceConfig`. */
function fromEntity<Row extends AnyRow>(config: EntityResourceConfig<Row>): ResourceConfig<Row> {
  const { entity, entityLabel, columns, search, form, detail, schemas, calls, ...rest } = config;
  const keyId = config.keyId ?? entity.key;
  let resolvedForm: FormConfig<Row> | undefined;
  if (form !== false && (form || entity.keys.form.length)) {
    const { fields, placeholders, ...formRest } = form || {};
    const list = Array.isArray(fields) ? fields : deriveFormFields(entity, fields, placeholders);
    const given = formRest.defaults;
    // Read from the rules when a form opens: zod may not have loaded when a screen is defined.
    resolvedForm = {
      toForm: pickForm(entity, list, keyId),
      ...formRest,
      get defaults() {
        return { ...deriveDefaults(entity, list), ...given };
      },
      fields: list,
    };
  }
  const searched = Object.values(entity.fields).some((f) => f.search);
  // The keyword box searches the field that names a row, when the entity searches it by text.
  const keyword = entity.nameField && (entity.fields[entity.nameField]?.search === "contains" || entity.fields[entity.nameField]?.search === "endsWith") ? entity.nameField : undefined;
  const api = rest.api ?? entity.api;
  if (!api) throw new Error(`defineResource(${entity.ns}): neither the contract nor the definition names an api`);
  return {
    ...rest,
    ...(calls && fromCalls(calls, rest)),
    api,
    perm: rest.perm ?? entity.perm,
    needsProject: rest.needsProject ?? entity.scope === "project",
    ns: config.ns ?? entity.ns,
    entity: entityLabel,
    rowName: rest.rowName ?? (entity.nameField ? (row: Row) => String(row[entity.nameField!] ?? "") : undefined),
    schemas: { create: entity.body, update: entity.update, ...schemas },
    query: { ...entityUrlKeys(entity.fields), ...rest.query },
    columns: Array.isArray(columns) ? columns : deriveColumns(entity, columns),
    search: search === false ? undefined : search || searched ? { keyword, keywordLabel: keyword && labelOf(keyword, entity.fields[keyword]), ...search, items: Array.isArray(search?.items) ? search.items : deriveSearchItems(entity, search ? search.items : undefined) } : undefined,
    form: resolvedForm,
    detail: detail === false ? undefined : detail && (Array.isArray(detail) || isLayout<Row>(detail)) ? detail : deriveDetailRows(entity, detail as Tweaks<DetailRow<Row>> | undefined),
  };
}

/** Fills the defaults: the views of an entity, endpoints under `api` (export / import only with their button, openOrClose with a switch column), keyId "id", page sizes 10/20/50/100, row selection with a batch delete. */
export function defineResource<Row extends AnyRow = AnyRow>(definition: ResourceConfig<Row> | EntityResourceConfig<Row>): Resource<Row> {
  const config: ResourceConfig<Row> = typeof definition.entity === "object" ? fromEntity(definition as EntityResourceConfig<Row>) : (definition as ResourceConfig<Row>);
  const e = (name: keyof Endpoints) => `${config.api}/${name}`;
  const search = config.search;
  // Export, import and its template are the toolbar's buttons, openOrClose a switch column's:
  // without the button or the switch, no endpoint.
  const offered = (action: BuiltinToolbarAction) => !!config.toolbar?.includes(action);
  const switches = config.columns.some((c) => !isRawColumn(c) && (c.type === "switch" || c.type === "switch1"));
  return {
    ...config,
    // The keyword box says which field it searches unless it is given its own placeholder.
    search: search?.keyword && !search.keywordLabel ? { ...search, keywordLabel: `fields.${search.keyword}` } : search,
    keyId: config.keyId ?? "id",
    query: config.query ?? {},
    pageSizes: config.pageSizes ?? PAGE_SIZES,
    // Deleting in batches is what rows are selected for.
    multiple: config.multiple ?? !!config.toolbar?.includes("batchDelete"),
    endpoints: {
      page: e("page"),
      info: e("info"),
      add: config.schemas.create ? e("add") : false,
      upd: config.schemas.update ? e("upd") : false,
      del: e("del"),
      export: offered("export") && e("export"),
      import: offered("import") && e("import"),
      template: offered("import") && e("template"),
      openOrClose: switches && e("openOrClose"),
      ...config.endpoints,
    },
  };
}

export const isRawColumn = <Row extends AnyRow>(c: ColumnSpec<Row>): c is RawColumn<Row> => "def" in c;


/**
 * The code a built-in button needs: an explicit `perms` entry, else `<perm>:<action>` (import:
 * `<perm>:add`). Export needs none unless given: it only returns rows the caller can already list.
 */
export function permOf(r: { perm?: string; perms?: Partial<Record<PermAction, string | null>> }, action: PermAction): string | undefined {
  if (r.perms && action in r.perms) return r.perms[action] ?? undefined;
  if (action === "export" || !r.perm) return undefined;
  // As the cloud's crudRoutes: an import adds rows (add), a switch changes one (upd).
  return `${r.perm}:${action === "import" ? "add" : action === "openOrClose" ? "upd" : action}`;
}
