import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { cellValue, contentDisposition, formulaLike, writeXlsx } from "./xlsx-export";

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

  it("names the file in UTF-8 with an ASCII fallback", () => {
    expect(contentDisposition("项目管理.xlsx")).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent("项目管理.xlsx")}`);
  });
});
