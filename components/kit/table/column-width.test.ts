import { describe, expect, it } from "vitest";
import { KIND_WIDTH, TEXT_MIN_WIDTH, columnKind, defaultWidth, fitColumns, rowActionsColumnWidth, rowActionsWidth, statusWidth, headerWidth, labelWidth, type FitInput } from "./column-width";

describe("default column widths", () => {
  it("reads the kind from the column type first", () => {
    expect(columnKind("createTime", "date")).toBe("date");
    expect(columnKind("anything", "switch1")).toBe("switch");
    expect(columnKind("range", "dataRange")).toBe("timeRange");
  });

  it("falls back to what the field name says", () => {
    expect(columnKind("phone")).toBe("phone");
    expect(columnKind("contactMobile")).toBe("phone");
    expect(columnKind("createTime")).toBe("time");
    expect(columnKind("expireDate")).toBe("date");
    expect(columnKind("status")).toBe("status");
    expect(columnKind("contractAmount")).toBe("money");
    expect(columnKind("imei")).toBe("id");
    expect(columnKind("jobNo")).toBe("id");
    expect(columnKind("address")).toBe("text");
    expect(columnKind("realname")).toBe("text");
    expect(columnKind("format")).toBe("text");
    expect(columnKind("casino")).toBe("text");
  });

  it("gives free text no fixed width and the rest room for their whole value", () => {
    expect(defaultWidth("address")).toBeUndefined();
    // "2026-11-24 13:45:00" in tabular digits plus cell padding.
    expect(defaultWidth("createTime")).toBe(KIND_WIDTH.time);
    expect(defaultWidth("phone")!).toBeGreaterThanOrEqual(130);
  });
});

describe("the row actions' width", () => {
  // Drawn in Chromium at 14 px: "Details" 48.5, "Accept" 47.7, "More" 34.7, "详情" 28 px; 12 px gaps, 24 px padding.
  it("holds the labels as the reader's language draws them, with the more trigger", () => {
    expect(rowActionsWidth(["Details", "Accept", "Assign"], "More")).toBeGreaterThanOrEqual(24 + 48.5 + 12 + 47.7 + 12 + 34.7 + 16);
    expect(rowActionsWidth(["详情", "受理", "转派"], "更多")).toBeGreaterThanOrEqual(24 + 28 + 12 + 28 + 12 + 28 + 16);
    expect(rowActionsWidth(["Details", "Accept", "Assign"], "More")).toBeGreaterThan(rowActionsWidth(["详情", "受理", "转派"], "更多"));
  });

  it("holds the widest set the rows show when actions come and go per row", () => {
    // The OTA task list: a task to start shows "详情 · 启动 · 更多", a finished one with failures "详情 · 重试失败 · 更多".
    const sets = [
      ["详情", "启动", "编辑", "删除"],
      ["详情", "重试失败", "删除"],
    ];
    expect(rowActionsColumnWidth(sets, "更多")).toBe(24 + 28 + 12 + 56 + 12 + 28 + 16);
    expect(rowActionsColumnWidth(sets, "更多")).toBeGreaterThan(rowActionsWidth(sets[0], "更多"));
    // No rows (or only short sets): never under 130 px.
    expect(rowActionsColumnWidth([], "More")).toBe(130);
  });

  it("leaves out the more trigger when every action is inline, and never goes under 130 px", () => {
    expect(rowActionsWidth(["Edit", "Delete"], "More")).toBe(130);
    expect(rowActionsWidth(["Edit", "Delete", "Copy"], "More", 3)).toBe(24 + 28 + 46 + 36 + 24);
  });
});

describe("fitting the columns to the box", () => {
  // The alarm centre without a chosen project, as the resource declares it: name, level, status (its English
  // badges need 144 px, the Chinese 120), type, device, value, count, time, project, row actions.
  const alarms = (lang: "en" | "zh"): FitInput[] => [
    { id: "alarmName", minWidth: 180 },
    { id: "levelNum", width: 136, minWidth: 136 },
    { id: "status", width: lang === "en" ? 144 : 120, minWidth: lang === "en" ? 144 : 120 },
    { id: "alarmType", width: 110, minWidth: 110, dropOrder: 1 },
    { id: "deviceName", minWidth: 120 },
    { id: "value", width: 100, minWidth: 100 },
    { id: "count", width: 90, minWidth: 90, dropOrder: 2 },
    { id: "triggeredAt", width: 176, minWidth: 176 },
    { id: "prjName", minWidth: 120 },
    { id: "__actions", width: lang === "en" ? 200 : 148, minWidth: lang === "en" ? 200 : 148 },
  ];
  const need = (cols: FitInput[], fit: ReturnType<typeof fitColumns>) => cols.filter((c) => !fit.hidden.has(c.id)).reduce((w, c) => w + (c.width ?? fit.minWidths.get(c.id)!), 0);

  it("shows every column at its minimum in a box that holds them, and in one not measured yet", () => {
    for (const box of [1400, 0]) {
      const fit = fitColumns(alarms("en"), box);
      expect(fit.hidden.size).toBe(0);
      expect(Object.fromEntries(fit.minWidths)).toEqual({ alarmName: 180, deviceName: 120, prjName: 120 });
    }
  });

  it("clips free text before a column leaves, and only as far as the box needs", () => {
    // 1,376 px of columns in 1,330: the name gives 46 of its 60 px above the floor, nothing leaves.
    const fit = fitColumns(alarms("en"), 1330);
    expect(fit.hidden.size).toBe(0);
    expect(Object.fromEntries(fit.minWidths)).toEqual({ alarmName: 134, deviceName: 120, prjName: 120 });
    expect(need(alarms("en"), fit)).toBe(1330);
  });

  it("lets the columns with a drop order leave in order when clipping is not enough: the 1,140 px box of 1440 px", () => {
    // English ("Details · Accept · More", 200 px): the type leaves, then the count; the name keeps what is left.
    const en = fitColumns(alarms("en"), 1140);
    expect([...en.hidden]).toEqual(["alarmType", "count"]);
    expect(need(alarms("en"), en)).toBe(1140);
    expect(en.minWidths.get("alarmName")).toBe(144);
    // Chinese ("详情 · 接收 · 更多", 148 px): the type leaving is enough.
    const zh = fitColumns(alarms("zh"), 1140);
    expect([...zh.hidden]).toEqual(["alarmType"]);
    expect(need(alarms("zh"), zh)).toBe(1140);
  });

  it("never drops a column without an order: a phone keeps the rest at their floor and scrolls", () => {
    const fit = fitColumns(alarms("zh"), 358);
    expect([...fit.hidden].sort()).toEqual(["alarmType", "count"]);
    expect(Object.fromEntries(fit.minWidths)).toEqual({ alarmName: TEXT_MIN_WIDTH, deviceName: TEXT_MIN_WIDTH, prjName: TEXT_MIN_WIDTH });
  });

  it("clips free text no further than its header: a column with a drop order leaves instead (the projects list in English)", () => {
    // At 1440 px the box is 1,140 px; "Project name" with its sort arrow needs 138 px on its one line.
    const projects: FitInput[] = [
      { id: "__select", width: 44, minWidth: 44 },
      { id: "prjName", minWidth: 138, floor: headerWidth("Project name", true, 0) },
      { id: "prjId", width: 104, minWidth: 104 },
      { id: "prjType", width: 120, minWidth: 120 },
      { id: "contact", minWidth: 120 },
      { id: "contactPhone", width: 130, minWidth: 130, dropOrder: 4 },
      { id: "areaCode", width: 220, minWidth: 220 },
      { id: "address", minWidth: 121 },
      { id: "__actions", width: 160, minWidth: 160 },
    ];
    const fit = fitColumns(projects, 1140);
    expect([...fit.hidden]).toEqual(["contactPhone"]);
    expect(fit.minWidths.get("prjName")).toBe(138);
    expect(need(projects, fit)).toBeLessThanOrEqual(1140);
  });

  it("takes the rightmost column of an order first", () => {
    const cols: FitInput[] = [
      { id: "a", width: 100, minWidth: 100, dropOrder: 1 },
      { id: "b", width: 100, minWidth: 100, dropOrder: 1 },
      { id: "c", width: 100, minWidth: 100 },
    ];
    expect([...fitColumns(cols, 250).hidden]).toEqual(["b"]);
    expect([...fitColumns(cols, 150).hidden]).toEqual(["b", "a"]);
  });
});

describe("a status column's width", () => {
  it("holds the longest badge in the reader's language, never less than declared", () => {
    expect(statusWidth(["Pending", "Handling", "Awaiting review", "Handled", "Closed"], 120)).toBe(24 + 16 + 112);
    expect(statusWidth(["待处理", "处理中", "待审核", "已处理", "已关闭"], 120)).toBe(120);
  });
});

describe("a label's width", () => {
  it("is what Chromium draws in the console's sans at 14 px (DejaVu Sans on Debian), rounded up", () => {
    // Drawn: "Alarm maximum" 116.2 px (a flat 8 px a letter said 104), "含气量（%）" 83.3 (said 78).
    expect(labelWidth("Alarm maximum")).toBe(117);
    expect(labelWidth("含气量（%）")).toBe(84);
    expect(labelWidth("illicit")).toBeLessThan(labelWidth("mummy"));
  });
});

describe("a sized column's header", () => {
  it("fits on one line with its sort arrow, never under the declared width", () => {
    expect(headerWidth("Battery (%)", true, 100)).toBe(24 + 81 + 18);
    expect(headerWidth("电量(%)", true, 100)).toBe(100);
    expect(headerWidth("Alarm time", true, 176)).toBe(176);
  });
});
