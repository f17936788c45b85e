import { describe, expect, it, beforeAll } from "vitest";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import ExcelJS from "exceljs";
import { enableState } from "@/lib/contract/common";
import { defineEntity } from "@/lib/contract/entity";
import type { Envelope, Page } from "@/lib/contract/envelope";
import type { ImportResult } from "@/lib/contract/upload";
import { normalizeLocale } from "@/lib/contract/locale";
import { text, textRequired } from "@/lib/contract/validation";
import { projects } from "../db/schema";
import { signedIn, type TestCloud } from "../testing";
import type { CloudEnv } from "./context";
import { assertUnused, columnsOf, containsPattern, endsWithPattern, exportColumns, ownedDelete, platformTime, rowMapper } from "./crud";
import { alarmContact } from "@/lib/contract/alarm/contact";
import { crudCalls } from "@/lib/contract/entity-calls";
import { crudRoutes } from "./crud-routes";
import { catalogueRoutes } from "./serve";
import { AppError, fail } from "./http";
import { tenantScope } from "./scope";

/** A project-owned table of the tests' own, as devices, spaces and alarms will be. */
const things = pgTable("crud_things", {
  id: serial("id").primaryKey(),
  tenantId: integer("tenant_id").notNull(),
  projectId: integer("project_id").notNull(),
  name: varchar("name", { length: 64 }).notNull(),
  note: varchar("note", { length: 200 }),
  enabled: integer("enabled").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const thing = defineEntity({
  ns: "test.thing",
  api: "device/thing",
  perm: "dev:project",
  scope: "project",
  fields: {
    name: { schema: textRequired(64), search: "contains", sort: true, import: true },
    id: { kind: "id", readOnly: true },
    note: { schema: text(200), search: "contains" },
    enabled: { schema: enableState.default(1), kind: "status", search: "eq" },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", search: "range" },
  },
});
type Thing = { id: number; name: string; note: string | null; enabled: number; createTime: string };

/** What the hooked routes write beside each thing, in the write's transaction. */
const thingNotes = pgTable("crud_thing_notes", {
  id: serial("id").primaryKey(),
  thingId: integer("thing_id").notNull(),
  note: varchar("note", { length: 200 }).notNull(),
});

const ALL = ["page", "list", "info", "add", "upd", "del", "openOrClose", "export", "template", "import"] as const;
const thingRoutes = crudRoutes({ table: things, entity: thing, calls: crudCalls(thing, { only: ALL }), status: "enabled", unique: [{ field: "name", error: "cloud.groupNameTaken" }] });

/** The same things with every hook: a note written with each save (a note or name "boom" fails it), answers of their own, a delete refused whole when it names another's row. */
const hooked = { ...thing, api: "device/hooked" };
const hookedRoutes = crudRoutes({
  table: things,
  entity: thing,
  calls: crudCalls(hooked, { only: ["page", "info", "add", "upd", "del", "import"] }),
  afterSave: async (tx, _c, row, input, before) => {
    await tx.insert(thingNotes).values({ thingId: row.id as number, note: `${before ? "upd" : "add"} ${String(input.note)}` });
    if (input.note === "boom" || input.name === "boom") throw new AppError(400, "cloud.groupNameTaken", { value: "boom" });
  },
  answer: async (_c, rows) => rows.map((r) => ({ id: r.id, shout: String(r.name).toUpperCase() })),
  allOrNone: true,
});

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const app = new Hono<CloudEnv>();
let subway: number;
let garden: number;

beforeAll(async () => {
  await cloud.db.execute(
    sql.raw(`create table crud_things (id serial primary key, tenant_id integer not null, project_id integer not null, name varchar(64) not null,
      note varchar(200), enabled integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`),
  );
  const rows = await cloud.db.select({ id: projects.id, prjName: projects.prjName }).from(projects);
  subway = rows.find((p) => p.prjName.startsWith("地铁"))!.id;
  garden = rows.find((p) => p.prjName.startsWith("滨江"))!.id;
  app.use(async (c, next) => {
    c.set("deps", cloud.deps);
    c.set("locale", normalizeLocale(c.req.header("language")));
    c.set("ip", "test");
    await next();
  });
  await cloud.db.execute(sql.raw(`create table crud_thing_notes (id serial primary key, thing_id integer not null, note varchar(200) not null)`));
  app.route("/", catalogueRoutes([...thingRoutes, ...hookedRoutes]));
  app.onError((err, c) => (err instanceof AppError ? fail(c, err) : c.json({ code: 500, msg: String(err) }, 500)));
});

async function call<T>(path: string, token: string, project: number | string | null, payload?: unknown, base = "/device/thing"): Promise<Envelope<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, language: "en" };
  if (project !== null) headers.projectid = String(project);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const res = await app.request(`${base}${path}`, { method: payload === undefined ? "GET" : "POST", headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  return (await res.json()) as Envelope<T>;
}
/** Imports a sheet of names (the header first) into a project. */
async function importNames(names: string[], project = subway, base = "/device/thing"): Promise<Envelope<ImportResult>> {
  // The header is the template's.
  const tpl = await app.request("/device/thing/template", { method: "POST", headers: { authorization: `Bearer ${admin}`, language: "en", projectid: String(project) } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await tpl.arrayBuffer());
  const sheet = wb.worksheets[0];
  for (const n of names) sheet.addRow([n]);
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "things.xlsx"));
  const res = await app.request(`${base}/import`, { method: "POST", body: form, headers: { authorization: `Bearer ${admin}`, language: "en", projectid: String(project) } });
  return (await res.json()) as Envelope<ImportResult>;
}
const add = (name: string, project = subway, extra: object = {}) => call<Thing>("/add", admin, project, { name, ...extra });
const names = async (project: number, params = "") => (await call<Page<Thing>>(`/page?size=100${params}`, admin, project)).data.records.map((r) => r.name).sort();

describe("crud helpers", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("matches a text's end as a prefix of the reversed column, wildcards taken literally", () => {
    expect(endsWithPattern("0123")).toBe("3210%");
    // Reversed first, then escaped: each escape stays before its character.
    expect(endsWithPattern("a%_\\")).toBe("\\\\\\_\\%a%");
  });

  it("reads search-bar times as platform time, a bare date as its whole day", () => {
    expect(platformTime("2026-03-02", false).toISOString()).toBe("2026-03-01T16:00:00.000Z");
    expect(platformTime("2026-03-02", true).toISOString()).toBe("2026-03-02T15:59:59.000Z");
    expect(platformTime("2026-03-02 08:30", false).toISOString()).toBe("2026-03-02T00:30:00.000Z");
  });

  it("maps the given form values to columns, blank as null", () => {
    expect(columnsOf(thing, { name: "a", note: "", id: 3 })).toEqual({ name: "a", note: null });
    expect(columnsOf(thing, { id: 3, note: "n", createTime: "x" })).toEqual({ note: "n" });
  });

  it("maps rows by column name, dates as ISO strings and missing values as null", () => {
    const row = rowMapper(thing, { enabled: () => 2 })({ id: 1, name: "a", note: undefined, createdAt: new Date("2026-03-02T00:00:00Z") });
    expect(row).toEqual({ name: "a", id: 1, note: null, enabled: 2, createTime: "2026-03-02T00:00:00.000Z" });
  });
});

describe("crudRoutes in a project scope", () => {
  it("takes %, _ and \\ literally in a contains filter", async () => {
    for (const n of ["100%", "a_b", "a\\b", "plain"]) expect((await add(n)).code).toBe(200);
    expect(await names(subway, "&name=%25")).toEqual(["100%"]);
    expect(await names(subway, "&name=_")).toEqual(["a_b"]);
    expect(await names(subway, `&name=${encodeURIComponent("\\")}`)).toEqual(["a\\b"]);
  });

  it("changes only the fields an update gives", async () => {
    const { data } = await add("partial", subway, { note: "keep me" });
    const upd = await call<Thing>("/upd", admin, subway, { id: data.id, name: "partial 2" });
    expect(upd.data).toMatchObject({ name: "partial 2", note: "keep me", enabled: 1 });
    const cleared = await call<Thing>("/upd", admin, subway, { id: data.id, note: "" });
    expect(cleared.data).toMatchObject({ name: "partial 2", note: null });
  });

  it("keeps each project's rows to itself, whatever the body says", async () => {
    const { data } = await add("subway only", subway, { projectId: garden, tenantId: 1 });
    const [stored] = await cloud.db.select().from(things).where(eq(things.id, data.id));
    expect(stored).toMatchObject({ projectId: subway, tenantId: 2 });
    expect(await names(garden)).not.toContain("subway only");
    expect((await call(`/info?id=${data.id}`, admin, garden)).code).toBe(404);
    expect((await call("/upd", admin, garden, { id: data.id, name: "x" })).code).toBe(404);
    expect((await call("/del", admin, garden, { ids: [data.id] })).code).toBe(404);
    expect((await call("/openOrClose", admin, garden, { id: data.id, status: 2 })).code).toBe(404);
    expect((await call<Thing>(`/info?id=${data.id}`, admin, subway)).data.name).toBe("subway only");
    expect((await call("/del", admin, subway, { ids: [data.id] })).code).toBe(200);
  });

  it("checks uniqueness within the project", async () => {
    expect((await add("twice")).code).toBe(200);
    expect((await add("twice")).code).toBe(400);
    expect((await add("twice", garden)).code).toBe(200);
  });

  it("imports rows in chunks of a statement each, refusing by its row a name stored already or repeated above it, and keeping every other", async () => {
    expect((await add("stored before")).code).toBe(200);
    // 2,500 rows: three chunks; row 2 is the header, so the name at index i is on row i + 2.
    const sheet = Array.from({ length: 2500 }, (_, i) => `imported ${i}`);
    sheet[10] = "stored before";
    sheet[1500] = "imported 7";
    sheet[2499] = "x".repeat(65);
    const r = await importNames(sheet);
    expect(r.data).toMatchObject({ successTotal: 2497, failureTotal: 3 });
    expect(r.data.errorList.map((e) => [e.rowNum, e.errorMsg])).toEqual([
      [12, "Row 12: A user group with this name already exists"],
      [1502, "Row 1502: A user group with this name already exists"],
      [2501, expect.stringContaining("At most 64 characters")],
    ]);
    const stored = (await names(subway, "&name=imported&size=100")).length;
    expect(stored).toBe(100);
    expect((await call<Page<Thing>>("/page?size=1&name=imported", admin, subway)).data.total).toBe(2497);
    // Another project's names are its own; the same sheet again refuses every row, writing nothing.
    expect((await importNames(["stored before"], garden)).data).toMatchObject({ successTotal: 1, failureTotal: 0 });
    expect((await importNames(sheet.slice(0, 5))).data).toMatchObject({ successTotal: 0, failureTotal: 5 });
  });

  it("switches the status", async () => {
    const { data } = await add("switch me");
    expect((await call("/openOrClose", admin, subway, { id: data.id, status: 2 })).code).toBe(200);
    expect((await call<Thing>(`/info?id=${data.id}`, admin, subway)).data.enabled).toBe(2);
    expect((await call("/openOrClose", admin, subway, { id: data.id, status: 7 })).code).toBe(400);
  });

  it("refuses a project the caller cannot see with 403 and says so", async () => {
    const foreign = await call("/page", platform, subway);
    expect(foreign).toMatchObject({ code: 403, msg: `You have no access to project ${subway}: choose one of your projects` });
    // A project user sees only the projects they are a member of.
    expect((await call("/page", operator, subway)).code).toBe(403);
    expect((await call("/page", operator, garden)).code).toBe(200);
    expect(await call("/page", admin, null)).toMatchObject({ code: 400, msg: "Choose a project first" });
    expect((await call("/page", admin, "12abc")).code).toBe(400);
    expect((await call("/page", admin, 999_999)).code).toBe(403);
  });
});

describe("crudRoutes' hooks", () => {
  const hooked = <T>(path: string, payload?: unknown, project = subway) => call<T>(path, admin, project, payload, "/device/hooked");
  const notes = async (id: number) => (await cloud.db.select({ note: thingNotes.note }).from(thingNotes).where(eq(thingNotes.thingId, id))).map((n) => n.note);

  it("writes a row's relations in its add's and update's transaction, all or nothing", async () => {
    const added = await hooked<{ id: number; shout: string }>("/add", { name: "hooked", note: "first" });
    expect(added).toMatchObject({ code: 200, data: { shout: "HOOKED" } });
    expect((await hooked("/upd", { id: added.data.id, name: "hooked 2", note: "second" })).code).toBe(200);
    expect(await notes(added.data.id)).toEqual(["add first", "upd second"]);
    // A failing hook takes the write back with it: no row, no note, the old name kept.
    expect((await hooked("/add", { name: "never", note: "boom" })).code).toBe(400);
    expect(await names(subway)).not.toContain("never");
    expect((await hooked("/upd", { id: added.data.id, name: "lost", note: "boom" })).code).toBe(400);
    expect((await hooked<{ shout: string }>(`/info?id=${added.data.id}`)).data.shout).toBe("HOOKED 2");
    expect(await notes(added.data.id)).toEqual(["add first", "upd second"]);
  });

  it("writes an imported chunk whose hook fails again row by row: the good rows and their relations kept, the failing row reported", async () => {
    const r = await importNames(["chunk a", "boom", "chunk b"], subway, "/device/hooked");
    expect(r.data).toMatchObject({ successTotal: 2, failureTotal: 1, errorList: [{ rowNum: 3, errorMsg: "Row 3: A user group with this name already exists" }] });
    const rows = await cloud.db.select({ id: things.id, name: things.name }).from(things).where(eq(things.projectId, subway));
    expect(rows.map((x) => x.name)).toEqual(expect.arrayContaining(["chunk a", "chunk b"]));
    expect(rows.map((x) => x.name)).not.toContain("boom");
    for (const x of rows.filter((x) => x.name.startsWith("chunk "))) expect(await notes(x.id)).toEqual(["add undefined"]);
  });

  it("answers every read and write through its mapper", async () => {
    await add("mapped");
    const page = await hooked<Page<{ shout: string }>>("/page?size=100&name=mapped");
    expect(page.data.records).toEqual([expect.objectContaining({ shout: "MAPPED" })]);
    expect(page.data.records[0]).not.toHaveProperty("name");
  });

  it("refuses a delete naming another's row whole", async () => {
    const mine = (await add("delete me")).data.id;
    expect((await call("/del", admin, subway, { ids: [mine] }, "/device/hooked")).code).toBe(200);
    const kept = (await add("keep me")).data.id;
    const theirs = (await add("theirs", garden)).data.id;
    expect((await hooked("/del", { ids: [kept, theirs] })).code).toBe(404);
    expect(await names(subway)).toContain("keep me");
    expect((await call("/del", admin, subway, { ids: [kept, theirs] })).code).toBe(200);
    expect(await names(subway)).not.toContain("keep me");
    expect(await names(garden)).toContain("theirs");
  });
});

describe("owned delete and in-use checks", () => {
  it("deletes only the caller's tenant's rows", async () => {
    const { data } = await add("tenant two's");
    const other = tenantScope({ tenantId: 1 });
    await expect(ownedDelete(cloud.db, things, other.where(things, eq(things.id, data.id)))).rejects.toMatchObject({ key: "cloud.notFound" });
    expect(await cloud.db.select().from(things).where(eq(things.id, data.id))).toHaveLength(1);
  });

  it("names what still uses a row and how many", async () => {
    const uses = [{ table: things, column: things.projectId, what: "projects.project.title" }];
    const err = await assertUnused(cloud.db, uses, [subway]).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe("cloud.inUse");
    expect((err as AppError).values.what).toBe("@projects.project.title");
    await expect(assertUnused(cloud.db, uses, [999_999])).resolves.toBeUndefined();
  });
});

describe("exportColumns", () => {
  it("leaves a missing date empty rather than the screen's dash", () => {
    const column = exportColumns(alarmContact, "en").find((c) => c.key === "createTime")!;
    expect(column.value!({ createTime: null })).toBeNull();
    expect(column.value!({ createTime: "2026-03-02T08:00:00Z" })).toMatch(/^2026-03-02 \d\d:00:00$/);
  });
});
