import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { Hono } from "hono";
import { z } from "zod";
import type { Locale } from "@/lib/contract/locale";
import type { ImportResult } from "@/lib/contract/upload";
import type { Auth, CloudEnv, Deps } from "./context";
import { AppError, fail, ok } from "./http";
import { importUpload, readImport, templateResponse, type ImportColumn } from "./xlsx-import";

const columns: ImportColumn[] = [
  { key: "name", header: "Name", aliases: ["名称"] },
  { key: "count", header: "Count", aliases: ["数量"] },
];
const schema = z.object({ name: z.string().min(1, "validation.required").max(8, "validation.maxLength"), count: z.coerce.number().int().min(0) });

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function run(buf: Buffer, save = vi.fn(async () => {}), locale: Locale = "en") {
  return readImport(buf, { columns, schema, locale, save });
}

describe("readImport", () => {
  it("imports valid rows and reports the others with their row number", async () => {
    const save = vi.fn(async () => {});
    const r = await run(await xlsx([["Name", "Count"], ["a", 1], [], ["", 2], ["b", "x"], ["c", 3]]), save);
    expect(save.mock.calls).toEqual([
      [{ name: "a", count: 1 }, 2],
      [{ name: "c", count: 3 }, 6],
    ]);
    expect(r.successTotal).toBe(2);
    expect(r.failureTotal).toBe(2);
    expect(r.errorList).toEqual([
      { rowNum: 4, rowData: [null, 2], errorMsg: "Row 4: Name: Required" },
      { rowNum: 5, rowData: ["b", "x"], errorMsg: expect.stringMatching(/^Row 5: Count: /) },
    ]);
  });

  it("localises the messages", async () => {
    const r = await run(await xlsx([["名称", "数量"], ["", 1]]), undefined, "zh-cn");
    // The field is named by the caller's header (here the English one); the rest is localised.
    expect(r.errorList[0].errorMsg).toBe("第 2 行：Name：必填项");
  });

  it("refuses a header that differs from the template", async () => {
    await expect(run(await xlsx([["Name", "Amount"], ["a", 1]]))).rejects.toMatchObject({ key: "widgets.importFile.badHeader" });
    await expect(run(await xlsx([["Name", "Count", "Extra"], ["a", 1]]))).rejects.toMatchObject({ key: "widgets.importFile.badHeader" });
    await expect(run(await xlsx([]))).rejects.toMatchObject({ key: "widgets.importFile.badHeader" });
  });

  it("refuses 10001 data rows and saves nothing", async () => {
    const rows: unknown[][] = [["Name", "Count"]];
    for (let i = 0; i < 10001; i++) rows.push([`n${i % 1000}`, i]);
    const save = vi.fn(async () => {});
    await expect(run(await xlsx(rows), save)).rejects.toMatchObject({ key: "widgets.importFile.tooManyRows", values: { max: 10000, row: 10002 } });
    expect(save).not.toHaveBeenCalled();
  });

  it("accepts exactly 10000 data rows", async () => {
    const rows: unknown[][] = [["Name", "Count"]];
    for (let i = 0; i < 10000; i++) rows.push([`n${i % 1000}`, i]);
    expect((await run(await xlsx(rows))).successTotal).toBe(10000);
  });

  it("refuses 201 columns, in the header or in a data row", async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `c${i}`);
    await expect(run(await xlsx([wide]))).rejects.toMatchObject({ key: "widgets.importFile.tooManyColumns", values: { max: 200 } });
    const row = Array.from({ length: 201 }, () => "x");
    await expect(run(await xlsx([["Name", "Count"], row]))).rejects.toMatchObject({ key: "widgets.importFile.tooManyColumns" });
  });

  it("reads formula cells as their result and echoes the failed rows' cells as read (the dialog shows them as text)", async () => {
    const save = vi.fn(async () => {});
    const r = await run(await xlsx([["Name", "Count"], ["ok", { formula: "1+1", result: 2 }], ["=HYPERLINK(1)", 1], ["@cmd", "-1"]]), save);
    expect(save).toHaveBeenCalledWith({ name: "ok", count: 2 }, 2);
    expect(r.errorList.map((e) => e.rowData[0])).toEqual(["=HYPERLINK(1)", "@cmd"]);
    expect(r.errorList[1].rowData[1]).toBe("-1");
  });

  it("hands number cells to the schema as text, as a form sends them", async () => {
    const save = vi.fn(async () => {});
    const r = await run(await xlsx([["Name", "Count"], [12345, 7]]), save);
    expect(save).toHaveBeenCalledWith({ name: "12345", count: 7 }, 2);
    expect(r.successTotal).toBe(1);
  });

  it("fails a row whose save is refused, with the refusal's message", async () => {
    const save = vi.fn(async (row: { name: string }) => {
      if (row.name === "dup") throw new AppError(400, "cloud.tooFrequent");
    });
    const r = await run(await xlsx([["Name", "Count"], ["dup", 1], ["fine", 2]]), save as never);
    expect(r).toEqual({ successTotal: 1, failureTotal: 1, errorList: [{ rowNum: 2, rowData: ["dup", 1], errorMsg: "Row 2: Too frequent requests, try again later" }] });
  });

  it("says a damaged file cannot be read", async () => {
    await expect(run(Buffer.from("PK\u0003\u0004 not really a zip"))).rejects.toMatchObject({ key: "widgets.importFile.unreadable" });
    // A stream is read once.
    await expect(readImport(Readable.from(Buffer.from("PK\u0003\u0004 not really a zip")), { columns, schema, locale: "en", save: vi.fn() })).rejects.toMatchObject({ key: "widgets.importFile.unreadable" });
  });

  it("reads a file once more when the reader fails on a sound workbook (exceljs now and then, loaded), saving each row once", async () => {
    const Reader = ExcelJS.stream.xlsx.WorkbookReader;
    let made = 0;
    const flaky = vi.spyOn(ExcelJS.stream.xlsx, "WorkbookReader").mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Reader>) {
      if (made++ === 0) throw new TypeError("Cannot read properties of undefined (reading 'sheets')");
      return new Reader(...args);
    } as never);
    const save = vi.fn(async () => {});
    try {
      const r = await run(await xlsx([["Name", "Count"], ["a", 1], ["b", 2]]), save);
      expect(r).toMatchObject({ successTotal: 2, failureTotal: 0 });
      expect(made).toBe(2);
      expect(save).toHaveBeenCalledTimes(2);
    } finally {
      flaky.mockRestore();
    }
  });
});

describe("importUpload and templateResponse", () => {
  let root: string;
  let app: Hono<CloudEnv>;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "import-test-"));
    const deps = { config: { product: "iot", filesDir: root, tokenTtlMs: 1 }, now: () => new Date("2026-03-02T08:00:00Z") } as unknown as Deps;
    app = new Hono<CloudEnv>()
      .use(async (c, next) => {
        c.set("deps", deps);
        c.set("locale", "en");
        c.set("auth", { tenantId: 2, userId: 5 } as Auth);
        await next();
      })
      .post("/import", async (c) => ok(c, await importUpload(c, { columns, schema, save: async () => {} })))
      .post("/template", (c) => templateResponse(c, "things.xlsx", columns));
    app.onError((err, c) => (err instanceof AppError ? fail(c, err) : c.json({ code: 500, msg: String(err) }, 500)));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function post(name: string, bytes: Buffer, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name));
    const res = await app.request("/import", { method: "POST", body: form, headers });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: ImportResult } };
  }
  const leftovers = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());

  it("imports an uploaded xlsx and deletes it", async () => {
    const r = await post("things.xlsx", await xlsx([["Name", "Count"], ["a", 1]]));
    expect(r.body).toMatchObject({ code: 200, data: { successTotal: 1, failureTotal: 0, errorList: [] } });
    expect(await leftovers()).toEqual([]);
  });

  it("refuses other types, wrong signatures, old .xls and oversized bodies", async () => {
    expect((await post("things.csv", Buffer.from("Name,Count"))).body.msg).toBe("The file must be .xls/.xlsx");
    expect((await post("things.xlsx", Buffer.from("Name,Count\na,1"))).body.msg).toBe("The file content does not match its extension .xlsx");
    expect((await post("things.xls", Buffer.from("d0cf11e0a1b11ae1000000", "hex"))).body.msg).toBe("Old .xls files cannot be read yet, save it as .xlsx and import again");
    const big = await app.request("/import", { method: "POST", body: "x", headers: { "content-type": "multipart/form-data; boundary=b", "content-length": String(200 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(await leftovers()).toEqual([]);
  });

  it("writes a template whose header the import accepts", async () => {
    const res = await app.request("/template", { method: "POST" });
    expect(res.headers.get("content-disposition")).toContain("things.xlsx");
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, "Name", "Count"]);
    await expect(run(buf)).rejects.toMatchObject({ key: "widgets.importFile.empty" });
  });
});
