"use client";

/**
 * Pickers (widgets §2, §7, §8).
 *
 * People: users, departments and groups in tabs, answering `{userIds, departmentIds, groupIds}`.
 *   <PeoplePicker open={open} onOpenChange={setOpen} value={chosen} onConfirm={setChosen}
 *     tabs={["user", "group"]} disabled={{ userIds: [ownerId] }} />
 *
 * A paged list (a GET call with current=1&size=9999), single or multiple, columns configurable:
 *   <ListPicker open={open} onOpenChange={setOpen} title={t("role.choose")} call={roleApi.page}
 *     params={{ kind: 1 }} columns={[{ key: "roleName", title: t("role.name") }]} multiple
 *     value={roleIds} onConfirm={(ids, rows) => …} />
 *
 * Several paged lists in tabs, a choice per tab (the alarm-recipient picker's contacts and groups):
 *   <TabbedListPicker open={open} onOpenChange={setOpen} title={t("picker.title")}
 *     tabs={[{ key: "1", label: t("contacts"), call: alarmContactApi.page, columns }, …]}
 *     value={{ "1": contactIds, "2": groupIds }} onConfirm={(picked, rows) => …} />
 *
 * A failed call leaves its list empty without a word (widgets §8); an answer the picker cannot
 * read says "component initialization failed".
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from "lucide-react";
import { ApiError } from "@/lib/api/fetcher";
import { call } from "@/lib/api/call";
import type { AnyCall } from "@/lib/contract/call";
import type { Page } from "@/lib/contract/envelope";
import { filterTree } from "@/lib/tree";
import { departmentApi } from "@/lib/contract/system/department";
import { groupApi } from "@/lib/contract/system/group";
import { userApi } from "@/lib/contract/system/user";
import { cn } from "@/lib/utils";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";

export const PICKER_PAGE = { current: 1, size: 9999 } as const;

type Id = number | string;

/**
 * Loads a picker list while `open`. Call failures give an empty list silently; an answer that
 * `read` cannot make sense of is the "initialization failed" case.
 */
function usePickerList<T>(open: boolean, c: AnyCall | undefined, params: Record<string, string | number | undefined>, read: (data: unknown) => T[]) {
  const t = useTranslations("widgets.picker");
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!open || !c) return;
    let live = true;
    setLoading(true);
    call(c, JSON.parse(key), { silent: true })
      .then((data) => {
        if (!live) return;
        try {
          setRows(read(data));
        } catch {
          toast.error(t("initFailed"));
        }
      })
      .catch((e) => {
        if (!(e instanceof ApiError)) toast.error(t("initFailed"));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is a reader of the answer's shape, fixed per call site; `t` only for a toast.
  }, [open, c, key]);
  return { rows, loading };
}

/** `data.records` of a page, or `data` when the call answers a plain list. */
export function recordsOf<T>(data: unknown): T[] {
  const list = Array.isArray(data) ? data : (data as Page<T> | null)?.records;
  if (!Array.isArray(list)) throw new TypeError("not a list");
  return list as T[];
}

const matches = (keyword: string, ...texts: unknown[]) => {
  const k = keyword.trim().toLowerCase();
  return !k || texts.some((s) => s != null && String(s).toLowerCase().includes(k));
};

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useTranslations("widgets.picker");
  return (
    <div className="relative">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input className="pl-8" value={value} onChange={(e) => onChange(e.target.value)} placeholder={t("searchPlaceholder")} aria-label={t("search")} />
    </div>
  );
}

export type PickerColumn<Row> = { key: keyof Row & string; title: string; render?: (row: Row) => React.ReactNode };

/** A checkable table: rows selected by id; single mode keeps at most one. */
function PickTable<Row extends Record<string, unknown>>({
  rows,
  columns,
  keyField,
  selected,
  onSelected,
  multiple,
  disabledIds = [],
  loading,
}: {
  rows: Row[];
  columns: PickerColumn<Row>[];
  keyField: keyof Row & string;
  selected: Id[];
  onSelected: (ids: Id[]) => void;
  multiple: boolean;
  disabledIds?: readonly Id[];
  loading?: boolean;
}) {
  const t = useTranslations();
  const enabled = rows.filter((r) => !disabledIds.includes(r[keyField] as Id)).map((r) => r[keyField] as Id);
  const all = enabled.length > 0 && enabled.every((id) => selected.includes(id));
  const some = enabled.some((id) => selected.includes(id));
  const pick = (id: Id, on: boolean) => onSelected(multiple ? toggle(selected, id, on) : on ? [id] : []);
  return (
    <div className="max-h-[50vh] overflow-auto rounded-md border">
      <Table>
        <TableHeader className="sticky top-0 z-10 bg-card">
          <TableRow>
            <TableHead className="w-10">
              {multiple && (
                <Checkbox
                  aria-label={t("widgets.picker.selectAll")}
                  checked={all ? true : some ? "indeterminate" : false}
                  onCheckedChange={(c) => onSelected(c === true ? [...new Set([...selected, ...enabled])] : selected.filter((id) => !enabled.includes(id)))}
                />
              )}
            </TableHead>
            {columns.map((c) => (
              <TableHead key={c.key}>{c.title}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const id = row[keyField] as Id;
            const disabled = disabledIds.includes(id);
            const on = selected.includes(id);
            return (
              <TableRow key={String(id)} data-state={on ? "selected" : undefined} className={cn(!disabled && "cursor-pointer")} onClick={() => !disabled && pick(id, !on)}>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  <Checkbox aria-label={String(row[columns[0]?.key] ?? id)} checked={on} disabled={disabled} onCheckedChange={(c) => pick(id, c === true)} />
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.render ? c.render(row) : String(row[c.key] ?? "-")}</TableCell>
                ))}
              </TableRow>
            );
          })}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1} className="py-8 text-center text-muted-foreground">
                {loading ? t("common.actions.loading") : t("widgets.picker.empty")}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The frame both pickers share: title, body, what is chosen on the left, cancel and confirm on the right. */
function PickerDialog({
  open,
  onOpenChange,
  title,
  status,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  status: React.ReactNode;
  onConfirm: () => void;
  children: React.ReactNode;
}) {
  const tc = useTranslations("common.actions");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {children}
        <DialogFooter className="items-center sm:justify-between">
          {status}
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tc("cancel")}
            </Button>
            <Button
              type="button"
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              {tc("confirm")}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export type PickerUser = { id: number; username: string; realname: string; departmentId?: number | null; departmentName?: string | null; phone?: string | null };
export type PickerDepartment = { id: number; departmentName: string; parentId?: number | null; childrens?: PickerDepartment[] | null };
export type PickerGroup = { id: number; groupName: string; remark?: string | null; memberCount?: number | null };

/** The departments whose name matches, with the ancestors leading to them. */
export function filterDepartments(nodes: readonly PickerDepartment[], keyword: string): PickerDepartment[] {
  return keyword.trim() ? filterTree(nodes, (n) => matches(keyword, n.departmentName)) : [...nodes];
}

function DepartmentTree({ nodes, selected, onToggle, disabledIds, depth = 0 }: { nodes: readonly PickerDepartment[]; selected: number[]; onToggle: (id: number, on: boolean) => void; disabledIds: readonly number[]; depth?: number }) {
  const [closed, setClosed] = useState<Set<number>>(new Set());
  return (
    <ul role={depth === 0 ? "tree" : "group"}>
      {nodes.map((n) => {
        const kids = n.childrens ?? [];
        const open = !closed.has(n.id);
        return (
          <li key={n.id} role="treeitem" aria-expanded={kids.length ? open : undefined} aria-selected={selected.includes(n.id)}>
            <div className="flex items-center gap-1.5 rounded py-1 hover:bg-accent" style={{ paddingLeft: depth * 18 }}>
              <button
                type="button"
                className={cn("size-4 text-muted-foreground", !kids.length && "invisible")}
                aria-label={n.departmentName}
                onClick={() => setClosed((s) => (s.delete(n.id) ? new Set(s) : new Set(s).add(n.id)))}
              >
                {open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
              </button>
              <Checkbox id={`dept-${n.id}`} checked={selected.includes(n.id)} disabled={disabledIds.includes(n.id)} onCheckedChange={(c) => onToggle(n.id, c === true)} />
              <label htmlFor={`dept-${n.id}`} className="cursor-pointer text-sm">
                {n.departmentName}
              </label>
            </div>
            {kids.length > 0 && open && <DepartmentTree nodes={kids} selected={selected} onToggle={onToggle} disabledIds={disabledIds} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

export type PeopleValue = { userIds: number[]; departmentIds: number[]; groupIds: number[] };
export type PeopleTab = "user" | "department" | "group";
const PEOPLE_TABS: readonly PeopleTab[] = ["user", "department", "group"];
const emptyPeople = (): PeopleValue => ({ userIds: [], departmentIds: [], groupIds: [] });

export function PeoplePicker({
  open,
  onOpenChange,
  value,
  onConfirm,
  tabs = PEOPLE_TABS,
  disabled = {},
  multiple = true,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value?: Partial<PeopleValue>;
  onConfirm: (value: PeopleValue) => void;
  /** Which tabs to show, in order. */
  tabs?: readonly PeopleTab[];
  /** Ids that are shown but cannot be chosen (e.g. the current owner). */
  disabled?: Partial<PeopleValue>;
  /** false: at most one user (and one department, one group). */
  multiple?: boolean;
  title?: string;
}) {
  const t = useTranslations("widgets.picker");
  const [tab, setTab] = useState<PeopleTab>(tabs[0] ?? "user");
  const [keyword, setKeyword] = useState("");
  const [picked, setPicked] = useState<PeopleValue>(emptyPeople);
  useEffect(() => {
    if (!open) return;
    setPicked({ userIds: [...(value?.userIds ?? [])], departmentIds: [...(value?.departmentIds ?? [])], groupIds: [...(value?.groupIds ?? [])] });
    setKeyword("");
    setTab(tabs[0] ?? "user");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value is taken when the dialog opens; edits stay local until confirm.
  }, [open]);

  const users = usePickerList<PickerUser>(open && tabs.includes("user"), userApi.page, PICKER_PAGE, recordsOf);
  const depts = usePickerList<PickerDepartment>(open && tabs.includes("department"), departmentApi.tree, {}, (d) => {
    if (!Array.isArray(d)) throw new TypeError("not a tree");
    return d as PickerDepartment[];
  });
  const groups = usePickerList<PickerGroup>(open && tabs.includes("group"), groupApi.page, PICKER_PAGE, recordsOf);

  const userRows = useMemo(() => users.rows.filter((u) => matches(keyword, u.username, u.realname, u.departmentName, u.phone)), [users.rows, keyword]);
  const groupRows = useMemo(() => groups.rows.filter((g) => matches(keyword, g.groupName, g.remark)), [groups.rows, keyword]);
  const deptNodes = useMemo(() => filterDepartments(depts.rows, keyword), [depts.rows, keyword]);
  const set = (k: keyof PeopleValue) => (ids: Id[]) => setPicked((p) => ({ ...p, [k]: ids.map(Number) }));
  const idsOf: Record<PeopleTab, number[]> = { user: picked.userIds, department: picked.departmentIds, group: picked.groupIds };
  const count = picked.userIds.length + picked.departmentIds.length + picked.groupIds.length;

  // The user and group tabs: a checkable table over the tab's ids.
  const listTab = <Row extends PickerUser | PickerGroup>(kind: "user" | "group", rows: Row[], loading: boolean, columns: PickerColumn<Row>[]) => (
    <TabsContent value={kind}>
      <PickTable<Row>
        rows={rows}
        columns={columns}
        keyField="id"
        selected={idsOf[kind]}
        onSelected={set(`${kind}Ids`)}
        multiple={multiple}
        disabledIds={disabled[`${kind}Ids`]}
        loading={loading}
      />
    </TabsContent>
  );

  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t("title")}
      onConfirm={() => onConfirm(picked)}
      status={
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          {t("selected", { n: count })}
          {count > 0 && (
            <Button type="button" variant="link" size="sm" onClick={() => setPicked(emptyPeople())}>
              {t("clear")}
            </Button>
          )}
        </div>
      }
    >
      <Tabs value={tab} onValueChange={(v) => setTab(v as PeopleTab)}>
        {tabs.length > 1 && (
          <TabsList>
            {tabs.map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`${k}s`)}
                {idsOf[k].length > 0 && ` (${idsOf[k].length})`}
              </TabsTrigger>
            ))}
          </TabsList>
        )}
        <SearchBox value={keyword} onChange={setKeyword} />
        {listTab("user", userRows, users.loading, [
          { key: "username", title: t("username") },
          { key: "realname", title: t("realname") },
          { key: "departmentName", title: t("department") },
        ])}
        <TabsContent value="department">
          <div className="max-h-[50vh] overflow-auto rounded-md border p-2">
            {deptNodes.length ? (
              <DepartmentTree
                nodes={deptNodes}
                selected={picked.departmentIds}
                disabledIds={disabled.departmentIds ?? []}
                onToggle={(id, on) => set("departmentIds")(multiple ? toggle(picked.departmentIds, id, on) : on ? [id] : [])}
              />
            ) : (
              <p className="py-8 text-center text-sm text-muted-foreground">{t("empty")}</p>
            )}
          </div>
        </TabsContent>
        {listTab("group", groupRows, groups.loading, [
          { key: "groupName", title: t("groupName") },
          { key: "memberCount", title: t("memberCount") },
          { key: "remark", title: t("remark") },
        ])}
      </Tabs>
    </PickerDialog>
  );
}

/** A dialog over any paged list; later domains configure it (roles, tenants, functions…). */
export function ListPicker<Row extends Record<string, unknown>>({
  open,
  onOpenChange,
  title,
  call: source,
  params,
  columns,
  keyField = "id" as keyof Row & string,
  multiple = false,
  value = [],
  disabledIds,
  read = recordsOf,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** A GET list call. */
  call: AnyCall;
  /** The rows of the call's answer (default: `records` or the array itself), e.g. a tree flattened. */
  read?: (data: unknown) => Row[];
  /** Extra query parameters besides current=1&size=9999. */
  params?: Record<string, string | number | undefined>;
  columns: PickerColumn<Row>[];
  keyField?: keyof Row & string;
  multiple?: boolean;
  value?: readonly Id[];
  disabledIds?: readonly Id[];
  onConfirm: (ids: Id[], rows: Row[]) => void;
}) {
  const t = useTranslations("widgets.picker");
  const list = usePickerList<Row>(open, source, { ...params, ...PICKER_PAGE }, read);
  const [keyword, setKeyword] = useState("");
  const [selected, setSelected] = useState<Id[]>([]);
  useEffect(() => {
    if (open) {
      setSelected([...value]);
      setKeyword("");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value is taken when the dialog opens.
  }, [open]);
  const rows = useMemo(() => list.rows.filter((r) => matches(keyword, ...columns.map((c) => r[c.key]))), [list.rows, keyword, columns]);
  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      onConfirm={() =>
        onConfirm(
          selected,
          list.rows.filter((r) => selected.includes(r[keyField] as Id)),
        )
      }
      status={<span className="text-sm text-muted-foreground">{t("selected", { n: selected.length })}</span>}
    >
      <SearchBox value={keyword} onChange={setKeyword} />
      <PickTable rows={rows} columns={columns} keyField={keyField} selected={selected} onSelected={setSelected} multiple={multiple} disabledIds={disabledIds} loading={list.loading} />
    </PickerDialog>
  );
}

/** One tab of a `TabbedListPicker`: a paged list of its own, its rows chosen by `keyField`. */
export type PickerTab<Row extends Record<string, unknown>> = {
  key: string;
  label: string;
  call: AnyCall;
  params?: Record<string, string | number | undefined>;
  columns: PickerColumn<Row>[];
  keyField?: keyof Row & string;
};
export type TabbedPick = Record<string, Id[]>;

/**
 * A picker over several lists at once, one tab each, every tab keeping its own choice (e.g. the
 * alarm-recipient picker: contacts and contact groups, widgets §2). Confirm hands back the ids and
 * the rows chosen per tab.
 */
export function TabbedListPicker<Row extends Record<string, unknown>>({
  open,
  onOpenChange,
  title,
  tabs,
  value,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  tabs: readonly PickerTab<Row>[];
  value?: TabbedPick;
  onConfirm: (value: TabbedPick, rows: Record<string, Row[]>) => void;
}) {
  const t = useTranslations("widgets.picker");
  const [tab, setTab] = useState(tabs[0]?.key ?? "");
  const [keyword, setKeyword] = useState("");
  const [picked, setPicked] = useState<TabbedPick>({});
  const [seen, setSeen] = useState<Record<string, Row[]>>({});
  useEffect(() => {
    if (!open) return;
    setPicked(Object.fromEntries(tabs.map((x) => [x.key, [...(value?.[x.key] ?? [])]])));
    setKeyword("");
    setTab(tabs[0]?.key ?? "");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value is taken when the dialog opens; edits stay local until confirm.
  }, [open]);
  const active = tabs.find((x) => x.key === tab) ?? tabs[0];
  const list = usePickerList<Row>(open && !!active, active?.call, { ...active?.params, ...PICKER_PAGE }, recordsOf);
  useEffect(() => {
    if (active && list.rows.length) setSeen((s) => ({ ...s, [active.key]: list.rows }));
  }, [active, list.rows]);
  const rows = useMemo(() => (active ? list.rows.filter((r) => matches(keyword, ...active.columns.map((c) => r[c.key]))) : []), [active, list.rows, keyword]);
  const count = Object.values(picked).reduce((n, ids) => n + ids.length, 0);
  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      onConfirm={() =>
        onConfirm(
          picked,
          Object.fromEntries(tabs.map((x) => [x.key, (seen[x.key] ?? []).filter((r) => (picked[x.key] ?? []).includes(r[x.keyField ?? "id"] as Id))])),
        )
      }
      status={
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          {t("selected", { n: count })}
          {count > 0 && (
            <Button type="button" variant="link" size="sm" onClick={() => setPicked({})}>
              {t("clear")}
            </Button>
          )}
        </div>
      }
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          {tabs.map((x) => (
            <TabsTrigger key={x.key} value={x.key}>
              {x.label}
              {(picked[x.key]?.length ?? 0) > 0 && ` (${picked[x.key].length})`}
            </TabsTrigger>
          ))}
        </TabsList>
        <SearchBox value={keyword} onChange={setKeyword} />
        {active && (
          <TabsContent value={active.key}>
            <PickTable<Row>
              rows={rows}
              columns={active.columns}
              keyField={active.keyField ?? ("id" as keyof Row & string)}
              selected={picked[active.key] ?? []}
              onSelected={(ids) => setPicked((p) => ({ ...p, [active.key]: ids }))}
              multiple
              loading={list.loading}
            />
          </TabsContent>
        )}
      </Tabs>
    </PickerDialog>
  );
}
