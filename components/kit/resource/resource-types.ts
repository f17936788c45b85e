/**
 * The types of a resource definition (`defineResource`, define-resource.ts, which re-exports them),
 * of the entity it may derive from and of the detail layouts it may carry. Types only, importing
 * nothing of the kit that imports them, so no import cycle runs through define-resource.
 */
import type { ReactNode } from "react";
import type { z } from "zod";
import type { ColumnDef } from "@tanstack/react-table";
import type { ControllerRenderProps, FieldValues, UseFormReturn } from "react-hook-form";
import type { EntityScope, FieldDef, Use } from "@/lib/contract/entity";
import type { UploadPurpose } from "@/lib/contract/upload";
import type { DictOption } from "../dict/use-dict";
import type { RemoteOptions } from "../dict/use-remote-options";
import type { KitSession } from "../session";
import type { UrlKeys } from "./url-values";
import type { AnyCall } from "@/lib/contract/call";
import type { CrudRoute } from "@/lib/contract/entity-calls";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row is any entity's; with unknown every field read would need a cast
export type AnyRow = Record<string, any>;
export type DictRef = string | readonly DictOption[];

// ---- search bar -----------------------------------------------------------------------------

export type SearchItemType = "input" | "number" | "select" | "select2" | "date" | "date2" | "time" | "time1";
/** Columns out of 24 per breakpoint (xs < 640, sm, md, lg ≥ 1024). Default 12/8/4/4. */
export type Span = { xs?: number; sm?: number; md?: number; lg?: number };

export type SearchItem = {
  /** The query key; for ranges (date2, time1) the form key, written out to prop1 / prop2. */
  prop: string;
  prop1?: string;
  prop2?: string;
  type?: SearchItemType;
  label: string;
  placeholder?: string;
  /** Options: a dictionary name (static enum or server dictionary) or an inline list. */
  dict?: DictRef;
  /** select2: options from a remote list endpoint (`records` or an array) mapped by labelKey/valueKey. */
  remote?: RemoteOptions;
  multiple?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  min?: number;
  max?: number;
  floatNum?: number;
  span?: Span;
  /** Quick ranges (today / 7 days / 30 days) beside a date2 item; on by default for date2. */
  quick?: boolean;
};

export type SearchConfig = {
  /** 2 = advanced mode first; otherwise simple mode (one keyword box) first. */
  searchType?: 1 | 2;
  /** The query key of the simple mode's keyword box; without it there is no simple mode. */
  keyword?: string;
  /** Message key of the keyword box's placeholder; default "Search by <the keyword's label>". */
  keywordPlaceholder?: string;
  /** Message key of the keyword's label (default `fields.<keyword>`; an entity's field label). */
  keywordLabel?: string;
  items: SearchItem[];
};

// ---- table ----------------------------------------------------------------------------------

export type ColumnType =
  | "text"
  | "operate"
  | "click"
  | "switch"
  | "switch1"
  | "icon"
  | "custom"
  | "money"
  | "date"
  | "time"
  | "timeRange"
  | "dataRange"
  | "dict"
  | "arr"
  | "tree"
  | "status"
  | "image";

export type StatusTone = "default" | "success" | "warning" | "destructive" | "secondary";

export type KitColumn<Row extends AnyRow = AnyRow> = {
  prop: string;
  label: string;
  type?: ColumnType;
  /** Second value of a range column (timeRange / dataRange): row[prop] – row[prop2]. */
  prop2?: string;
  width?: number;
  minWidth?: number;
  /**
   * The column may leave a box too narrow for every column (1 first, then 2): for what a row's
   * details also show. Columns without one always stay (the table scrolls).
   */
  dropOrder?: number;
  align?: "left" | "center" | "right";
  sortable?: boolean;
  dict?: DictRef;
  /** status: tone per value. */
  tones?: Record<string, StatusTone>;
  /** arr: key of each element to show (else the element itself); tree: key of the children. */
  itemKey?: string;
  childrenKey?: string;
  /** custom (or any type): replaces the cell. */
  render?: (row: Row, ui: ResourceUi<Row>) => ReactNode;
  /** click: what a click on the text does (default: open the view dialog). */
  onClick?: (row: Row, ui: ResourceUi<Row>) => void;
  /** switch / switch1: custom toggle (default POST <api>/openOrClose {id, status}). */
  onToggle?: (row: Row, next: number, ui: ResourceUi<Row>) => Promise<unknown>;
  /** icon: lucide icon component or a node per row. */
  icon?: (row: Row) => ReactNode;
  perm?: string;
  hidden?: boolean;
};

/** A plain TanStack column definition: the escape hatch for anything the column types miss. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's value type differs per column
export type RawColumn<Row extends AnyRow = AnyRow> = { def: ColumnDef<any, Row> };
export type ColumnSpec<Row extends AnyRow = AnyRow> = KitColumn<Row> | RawColumn<Row>;

export type RowAction<Row extends AnyRow = AnyRow> = {
  key: string;
  label: string;
  /** "kit." prefix in a label means the kit namespace, else the resource's. */
  perm?: string;
  /** Per row (and signed-in user: `ui.session`) whether the action is offered. */
  show?: (row: Row, ui: ResourceUi<Row>) => boolean;
  danger?: boolean;
  /** Ask before running (confirm text key). */
  confirm?: string;
  onClick: (row: Row, ui: ResourceUi<Row>) => void | Promise<unknown>;
};
export type BuiltinRowAction = "view" | "edit" | "del" | "addChild";
/** A built-in row action with a per-row rule, another label or (del) its own confirm text. */
export type BuiltinRowActionOptions<Row extends AnyRow = AnyRow> = {
  builtin: BuiltinRowAction;
  label?: string;
  show?: (row: Row, ui: ResourceUi<Row>) => boolean;
  /** del: the question instead of "Delete?"; `{name}` is the row's `rowName`. */
  confirm?: string;
};

export type ToolbarAction<Row extends AnyRow = AnyRow> = {
  key: string;
  label?: string;
  perm?: string;
  icon?: ReactNode;
  variant?: "default" | "outline" | "destructive";
  /** Needs a selection (multiple tables). */
  needsSelection?: boolean;
  onClick?: (ui: ResourceUi<Row>) => void | Promise<unknown>;
  /** Replaces the button (e.g. the import dialog of the widgets). */
  render?: (ui: ResourceUi<Row>) => ReactNode;
};
/** import opens the widgets' two-step ImportDialog (`?import=1`) on `endpoints.import` / `endpoints.template`. */
export type BuiltinToolbarAction = "add" | "export" | "import" | "batchDelete";

// ---- forms and details ----------------------------------------------------------------------

export type FieldType =
  | "text"
  | "textarea"
  | "number"
  | "password"
  | "select"
  | "multiselect"
  | "cascader"
  | "date"
  | "datetime"
  | "time"
  | "daterange"
  | "switch"
  | "radio"
  | "color"
  | "image"
  | "document"
  | "richText"
  | "custom";

export type CustomFieldProps = {
  field: ControllerRenderProps<FieldValues, string>;
  /** The id the field's label points at: give it to the control so the label names it. */
  id: string;
  form: UseFormReturn<FieldValues>;
  disabled: boolean;
  invalid: boolean;
};

export type FormField = {
  name: string;
  label: string;
  type?: FieldType;
  /** The red star; when not given, read from `rule` (an entity's field rule) as the form renders. */
  required?: boolean;
  rule?: z.ZodType;
  placeholder?: string;
  dict?: DictRef;
  /** select: options from a list endpoint instead of a dictionary (products, spaces…). */
  remote?: RemoteOptions;
  /** number: bounds and decimals (number input widget); integer when floatNum is 0. */
  min?: number;
  max?: number;
  floatNum?: number;
  /** daterange: the two form keys it writes. */
  name2?: string;
  /** switch: values for on / off (default 1 / 2). */
  on?: string | number | boolean;
  off?: string | number | boolean;
  /** image, document: what the files are for (the cloud's limit, types, visibility); `multiple`
   *  keeps a list of paths (at most `limit`), else one path; `sizeHint` e.g. "1200×500". */
  purpose?: UploadPurpose;
  multiple?: boolean;
  limit?: number;
  sizeHint?: string;
  /** Full width in a two-column form. */
  full?: boolean;
  disabled?: boolean | ((mode: DialogMode) => boolean);
  show?: (values: FieldValues, mode: DialogMode) => boolean;
  /** Runs after the control changed the value: clears or fills the fields that depend on it. */
  onValue?: (value: unknown, form: UseFormReturn<FieldValues>) => void;
  hint?: string;
  render?: (props: CustomFieldProps) => ReactNode;
};

export type DialogMode = "create" | "edit" | "view";

export type DetailRowType = "text" | "time" | "date" | "html" | "dict" | "image" | "images" | "file" | "slot";
export type DetailRow<Row extends AnyRow = AnyRow> = {
  prop: string;
  label: string;
  type?: DetailRowType;
  dict?: DictRef;
  full?: boolean;
  render?: (row: Row) => ReactNode;
};

export type FormConfig<Row extends AnyRow = AnyRow> = {
  fields: FormField[];
  /** Two columns by default when there are more than 6 fields. */
  columns?: 1 | 2;
  width?: number;
  defaults?: FieldValues;
  /** Row (from info) → form values; default: the row itself. */
  toForm?: (row: Row) => FieldValues;
  /** Form values → request body; default: the values (plus the key for updates). */
  toBody?: (values: FieldValues, mode: DialogMode, row?: Row) => unknown;
  /** Initial values of a new row taken from the list state (e.g. the tab it goes into). */
  preset?: (query: Record<string, unknown>) => FieldValues;
  /** After a successful add / update, with the endpoint's answer (e.g. credentials shown once). */
  onSaved?: (answer: unknown, mode: DialogMode, ui: ResourceUi<Row>) => void;
};

// ---- the resource ---------------------------------------------------------------------------

export type Endpoints = {
  page: string;
  info: string | false;
  add: string | false;
  upd: string | false;
  del: string | false;
  export: string | false;
  import: string | false;
  template: string | false;
  openOrClose: string | false;
};

export type TabItem = {
  /** The value written to `tabs.prop`. */
  name: string;
  /** Label key; without it the label of `name` in the tabs' dictionary. */
  label?: string;
  /** Default count reading: `data[countKey]` of the count answer. */
  countKey?: string;
  /** Shown but not selectable (e.g. a channel not available yet); no count. */
  disabled?: boolean;
  /** Tooltip key of a disabled tab. */
  hint?: string;
};

export type TabsConfig = {
  /** The query key the tab writes (part of the query schema). The first enabled tab is the default. */
  prop: string;
  items: TabItem[];
  /** Labels of items without one: a dictionary (static enum or server) by tab name. */
  dict?: DictRef;
  /** The GET call (made with the list's parameters) answering the counts for the brackets beside the labels. */
  countCall?: AnyCall;
  /** Counts by tab name from the count answer of any shape (e.g. an array of `{channel, count}`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- count answers come in any shape, read by each resource
  counts?: (data: any) => Record<string, number | undefined>;
};

export type TreeConfig<Row extends AnyRow = AnyRow> = {
  /** Key of a node's children (default "childrens"); nodes are keyed by the resource's keyId. */
  childrenKey?: string;
  /** Levels open at first (default 1). */
  defaultExpanded?: number;
  /** The form key "addChild" pre-fills with the parent's key (default "parentId"). */
  parentField?: string;
  /** The parent the toolbar's "add" pre-fills (e.g. the company root); default none. */
  addParent?: (nodes: readonly Row[]) => Row | undefined;
  /** GET of the tree as an SWR key, from the list state (a tab may pick another tree); default the page endpoint. */
  request?: (query: Record<string, unknown>) => string | readonly [string, Record<string, string | number>];
  /**
   * Whether a node matches the search filters (non-empty search values by query key). Default:
   * each filter's text is contained in the node's value of the same key, ignoring case.
   */
  match?: (row: Row, filters: Record<string, unknown>) => boolean;
};

/** A resource with every view spelled out (what `<ResourcePage>` renders). */
export type ResourceConfig<Row extends AnyRow = AnyRow> = {
  /** Message prefix (namespace or namespace.path) of every label of this resource. */
  ns: string;
  /** Endpoint prefix: `<api>/page`, `<api>/add`… Also the SWR key prefix revalidated after mutations. */
  api: string;
  endpoints?: Partial<Endpoints>;
  /** Permission prefix: buttons need `<perm>:add|upd|del|openOrClose`, import `<perm>:add` (export needs none by default). */
  perm?: string;
  /** Per-action codes overriding the prefix; null means no code needed. */
  perms?: Partial<Record<PermAction, string | null>>;
  /** The screens whose holders may read the list (its page call's `{ menu }`): a user holding none sees "no access" instead of a list answered 403. */
  readers?: readonly string[];
  /** Title key of the entity in dialog titles (default "entity"). */
  entity?: string;
  keyId?: string;
  /** The form's rules (create and update); without one, that action is not offered. */
  schemas: {
    create?: z.ZodType;
    update?: z.ZodType;
  };
  /**
   * The URL parameters the list reads into its query (`url-values.ts`), besides paging: an entity
   * resource derives them from its searched fields, and this adds or replaces some.
   */
  query?: UrlKeys;
  search?: SearchConfig;
  tabs?: TabsConfig;
  columns: ColumnSpec<Row>[];
  form?: FormConfig<Row>;
  /** View dialog: rows, or cards and tabs as on a detail page (`defineDetail`); without it the view dialog shows the form read-only. */
  detail?: DetailRow<Row>[] | DetailLayout<Row>;
  rowActions?: (BuiltinRowAction | BuiltinRowActionOptions<Row> | RowAction<Row>)[];
  /** Row actions shown inline before "more" (default 2). */
  inlineActions?: number;
  /** How a row is named in confirm texts (`{name}`). */
  rowName?: (row: Row) => string;
  toolbar?: (BuiltinToolbarAction | ToolbarAction<Row>)[];
  /** Tree mode: the whole tree, expandable, unpaged (see the notes at the top). */
  tree?: TreeConfig<Row>;
  pageSizes?: number[];
  /** Rows can be selected (default: when the toolbar has "batchDelete"). */
  multiple?: boolean;
  /** Fixed table body height (px) for long pages; virtualised when a page is large. */
  height?: number;
  size?: "small" | "default";
  /** The rows are the chosen project's: without one the list asks for a project instead of calling. */
  needsProject?: boolean;
  /** Polls a paged list while its rows are changing on their own (e.g. commands awaiting a reply): ms, 0 for none. */
  refreshInterval?: (rows: Row[]) => number;
  /** File name (without extension) of the export; default the title. */
  exportName?: string;
  slots?: {
    /** Left of the list, e.g. a tree filter: call ui.setFilters (debounce it 300–500 ms). */
    left?: (ui: ResourceUi<Row>) => ReactNode;
    /** Above the table, below the search bar. */
    top?: (ui: ResourceUi<Row>) => ReactNode;
    /** In place of the table (toolbar, table and paging), given the table: e.g. a list / map switch. */
    main?: (ui: ResourceUi<Row>, table: ReactNode) => ReactNode;
    /** Extra dialogs of this list, rendered inside the one dialogs host. */
    dialogs?: (ui: ResourceUi<Row>) => ReactNode;
  };
};

export type ResourceSession = KitSession & {
  roles: string;
  /** No code means allowed. */
  can: (code?: string | null) => boolean;
  hasRole: (code: string) => boolean;
};

/** What the page hands to callbacks: list state, dialogs, mutations, navigation and the session. */
export type ResourceUi<Row extends AnyRow = AnyRow> = {
  query: Record<string, unknown>;
  setFilters: (patch: Record<string, unknown>) => void;
  open: (mode: DialogMode, row?: Row) => void;
  /** Tree mode: the create dialog with the parent pre-filled (none: a top-level node). */
  addChild: (parent?: Row) => void;
  close: () => void;
  /** Revalidates every SWR key under the resource's prefix. */
  refresh: () => Promise<unknown>;
  /** Enable / disable through the resource's openOrClose endpoint. */
  toggle: (row: Row, status: number) => Promise<unknown>;
  /** A URL parameter of this screen (extra dialogs: `?resetPwd=12`), and setting it (null removes it). */
  param: (key: string) => string | null;
  setParam: (key: string, value: string | number | null) => void;
  /** Asks "Delete?" (or `question`) and deletes the rows (the del endpoint), then refreshes. */
  remove: (rows: Row[], question?: string) => Promise<boolean>;
  selected: Row[];
  /** The rows shown: the page, or in tree mode the whole tree's top-level nodes. */
  rows: Row[];
  confirm: (message: string) => Promise<boolean>;
  /** Router push of a console route (e.g. a detail page: `ui.navigate(\`/systemSet/userSetInfo?id=${row.id}\`)`). */
  navigate: (href: string) => void;
  /** The signed-in user, tenant, project and permissions: definitions stay module constants. */
  session: ResourceSession;
  resource: Resource<Row>;
  t: (key: string, values?: Record<string, string | number>) => string;
};

export type Resource<Row extends AnyRow = AnyRow> = ResourceConfig<Row> & {
  query: UrlKeys;
  endpoints: Endpoints;
  keyId: string;
  pageSizes: number[];
};

/**
 * A definition on an entity (`lib/contract/entity.ts`): `ns`, `schemas`, columns, search items,
 * form fields, detail rows and the form's defaults are derived from it, and each view states
 * only what differs, keyed by field name (see `Tweaks` in entity-views.tsx). An array still
 * replaces a view whole; `false` leaves a view out.
 */
export type EntityResourceConfig<Row extends AnyRow = AnyRow> = Omit<ResourceConfig<Row>, "ns" | "api" | "entity" | "schemas" | "columns" | "search" | "form" | "detail"> & {
  /** The contract: fields, and where it is served (`api`, `perm`, a project's rows or the tenant's) unless given here. */
  entity: Entity;
  /** The entity's declared calls (`crudCalls`): the endpoints and the buttons' permission codes come from them. */
  calls?: Partial<Record<CrudRoute, AnyCall>>;
  api?: string;
  /** Title key of the entity in dialog titles (default "entity"). */
  entityLabel?: string;
  ns?: string;
  schemas?: Partial<ResourceConfig<Row>["schemas"]>;
  columns?: ColumnSpec<Row>[] | ColumnTweaks<Row>;
  search?: false | (Omit<SearchConfig, "items"> & { items?: SearchItem[] | Tweaks<SearchItem> });
  form?:
    | false
    | (Omit<FormConfig<Row>, "fields"> & {
        fields?: FormField[] | Tweaks<FormField>;
        /** Text-like inputs (all, or the named ones) show `placeholders.<name>`. */
        placeholders?: true | readonly string[];
      });
  /** Tweaks of the derived rows, or rows / a layout (`sections`, `tabs`) replacing them. */
  detail?: false | DetailRow<Row>[] | DetailLayout<Row> | Tweaks<DetailRow<Row>>;
};

export type PermAction = "add" | "upd" | "del" | "export" | "import" | "openOrClose";

// ---- entity ---------------------------------------------------------------------------------

/** What the views need of an entity (any `defineEntity(...)` result). */
export type Entity = {
  ns: string;
  key: string;
  nameField?: string;
  api?: string;
  perm?: string;
  scope: EntityScope;
  fields: Readonly<Record<string, FieldDef>>;
  body: z.ZodType;
  update: z.ZodType;
  query: z.ZodObject;
  keys: Readonly<Record<Use, readonly string[]>>;
};

export type Tweaks<T> = Readonly<Record<string, Partial<T> | false>>;
export type ColumnTweaks<Row extends AnyRow = AnyRow> = Readonly<Record<string, Partial<KitColumn<Row>> | RawColumn<Row> | false>>;

// ---- detail ---------------------------------------------------------------------------------

/** What custom parts and actions of a detail get. */
export type DetailContext<Row extends AnyRow> = {
  row: Row;
  /** A label under the detail's `ns` ("kit." keys from the kit). */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Reads the row again (after an action changed it). */
  refresh: () => Promise<unknown>;
};

/** One card of a detail: label / value rows, or a custom part; `lead` sits left of the rows (an avatar). */
export type DetailSection<Row extends AnyRow> = {
  key: string;
  /** Card title key; without it no header. */
  title?: string;
  /** Beside the title (a status badge). */
  badge?: (row: Row, ctx: DetailContext<Row>) => ReactNode;
  rows?: DetailRow<Row>[];
  lead?: (row: Row, ctx: DetailContext<Row>) => ReactNode;
  render?: (row: Row, ctx: DetailContext<Row>) => ReactNode;
  /** Columns out of 3 the card takes on wide screens (default 3). */
  span?: 1 | 2 | 3;
  /** A hook telling whether the card shows, when that depends on more than the row (e.g. the device's thing model). */
  useShown?: (row: Row) => boolean;
};

/** A tab of a detail: rows, a list of another resource narrowed to this row, or a custom part. */
export type DetailTab<Row extends AnyRow> = {
  key: string;
  label: string;
  rows?: DetailRow<Row>[];
  /** `dialogs: false` leaves the list's dialogs out: inside a view dialog the list around it owns the URL's dialog parameters (`?view=`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tab lists another entity's rows, of any type
  list?: { resource: Resource<any>; filter: (row: Row) => Record<string, unknown>; dialogs?: boolean };
  render?: (row: Row, ctx: DetailContext<Row>) => ReactNode;
  /** Whether the tab is offered for this row (a gateway's sub-products); default always. */
  show?: (row: Row) => boolean;
  /** A number shown after the label, taken from the row (e.g. the info's `functionCount`). */
  count?: (row: Row) => number | null | undefined;
  /** A part after the label that reads on its own (e.g. a device's open alarms, kept live). */
  badge?: (row: Row) => ReactNode;
};

/** What the view dialog and the detail page share: cards, then tabs. */
export type DetailLayout<Row extends AnyRow> = {
  sections?: DetailSection<Row>[];
  tabs?: DetailTab<Row>[];
};
