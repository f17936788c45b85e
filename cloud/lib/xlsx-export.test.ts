import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { cellValue, contentDisposition, formulaLike, writeXlsx, writeXlsxSheets } from "./xlsx-export";

async function workbookOf(run: (out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on("end", resolve));
  await run(out);
  await done;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

describe("xlsx export", () => {
  it("knows formula-like text: a leading = + - @ tab or CR", () => {
    for (const s of ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\t=x", "\r=x"]) expect(formulaLike(s)).toBe(true);
    for (const v of ["a=b", -5, null, ""]) expect(formulaLike(v)).toBe(false);
    expect(cellValue(["=a", "b"])).toBe("=a, b");
    expect(cellValue({ a: 1 })).toBe('{"a":1}');
  });

  it("keeps formula-like text as text without a visible apostrophe, and empty cells empty", async () => {
    const wb = await workbookOf((out) => writeXlsx(out, [{ key: "name", header: "Name" }, { key: "at", header: "At" }], [{ name: "-张三", at: null }, { name: "=HYPERLINK(1)", at: "" }]));
    const sheet = wb.worksheets[0];
    expect([sheet.getCell("A2").value, sheet.getCell("A2").numFmt, sheet.getCell("A3").value, sheet.getCell("A3").numFmt]).toEqual(["-张三", "@", "=HYPERLINK(1)", "@"]);
    // A string cell, not a formula.
    expect(sheet.getCell("A3").type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell("B2").value).toBeNull();
    expect(sheet.getCell("B3").value).toBeNull();
  });

  it("streams a header row and the rows, with values from keys or functions", async () => {
    const rows = [
      { id: 1, name: "=evil()", n: 2.5 },
      { id: 2, name: "ok", n: null },
    ];
    const wb = await workbookOf((out) =>
      writeXlsx(out, [
        { key: "id", header: "ID" },
        { key: "name", header: "Name" },
        { key: "n", header: "Twice", value: (r) => (r.n === null ? "" : r.n * 2) },
      ], rows, "Things"),
    );
    const sheet = wb.getWorksheet("Things")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "ID", "Name", "Twice"]);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, "=evil()", 5]);
    expect(sheet.getRow(3).getCell(2).value).toBe("ok");
    expect(sheet.rowCount).toBe(3);
  });

  it("takes rows from an async iterable (a cursor) without holding them all", async () => {
    async function* cursor() {
      for (let i = 0; i < 2500; i++) yield { i };
    }
    const wb = await workbookOf((out) => writeXlsx(out, [{ key: "i", header: "I" }], cursor()));
    expect(wb.worksheets[0].rowCount).toBe(2501);
    expect(wb.worksheets[0].getRow(2501).getCell(1).value).toBe(2499);
  });

  it("writes sheets one after another, each with its columns and cell formats", async () => {
    const at = new Date(Date.UTC(2026, 1, 2, 8, 30, 0));
    const wb = await workbookOf((out) =>
      writeXlsxSheets(out, [
        { name: "About", columns: [{ key: "k", header: "Key" }], rows: [{ k: "a" }] },
        { name: "A very long sheet name that Excel would refuse", columns: [{ key: "at", header: "Time", numFmt: "yyyy-mm-dd hh:mm:ss" }, { key: "v", header: "Value" }], rows: [{ at, v: 1.5 }] },
      ]),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(["About", "A very long sheet name that Exc"]);
    const cell = wb.worksheets[1].getCell("A2");
    expect((cell.value as Date).toISOString()).toBe(at.toISOString());
    expect(cell.numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(wb.worksheets[1].getCell("B2").value).toBe(1.5);
  });

  it("waits for a slow reader: rows are pulled only as the file is read, none held in memory meanwhile", async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    let pulled = 0;
    async function* rows() {
      for (let i = 0; i < 40_000; i++) {
        pulled++;
        yield { i, text: `row ${i} ${"x".repeat(40)}` };
      }
    }
    const writing = writeXlsxSheets(out, [{ name: "Big", columns: [{ key: "i", header: "I" }, { key: "text", header: "Text" }], rows: rows() }]);
    // Nobody reads yet: the writer stops after a few thousand rows instead of running through all.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stalled = pulled;
    expect(stalled).toBeLessThan(20_000);
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => out.on("end", resolve));
    await writing;
    await ended;
    expect(pulled).toBe(40_000);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(40_001);
  });

  it("names the file in UTF-8 with an ASCII fallback", () => {
    expect(contentDisposition("项目管理.xlsx")).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent("项目管理.xlsx")}`);
  });
});
