// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import type { ResourceUi } from "@/components/kit";
import { LevelCounts } from "./alarm-overview";

vi.mock("@/lib/api/call", () => ({ useCall: () => ({ data: [{ levelNum: 1, levelName: "提示", levelColor: "#3b82f6", count: 4 }, { levelNum: 4, levelName: "Control", levelColor: "#e5484d", count: 1 }] }) }));

const ui = { query: {}, setFilters: vi.fn() } as unknown as ResourceUi<AlarmRecord>;

describe("LevelCounts", () => {
  for (const [locale, label] of [
    ["zh-cn", "提示：4 条"],
    ["en", "提示: 4 alarms"],
  ] as const) {
    it(`${locale}: shows each level by name, then its count, with no level number to read as a count`, () => {
      renderIntl(<LevelCounts ui={ui} />, { locale });
      const chips = screen.getAllByTestId("alarm-level-count");
      expect(chips[0].textContent).toBe("提示4");
      expect(chips[0].getAttribute("aria-label")).toBe(label);
      expect(chips[1].textContent).toBe("Control1");
    });
  }
});
