// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { InitialNote } from "./initial-note";

// The reading's time and the setting time are two different times (issue 40): both are shown, each named.
const initial = { dataTime: Date.UTC(2026, 10, 1, 0, 0, 0), setByName: "演示管理员", setAt: Date.UTC(2026, 10, 20, 2, 30, 0) };

describe("InitialNote", () => {
  it("names the reading's time and the setting time apart (zh-cn)", () => {
    renderIntl(<p data-testid="note"><InitialNote initial={initial} /></p>, { locale: "zh-cn" });
    expect(screen.getByTestId("note").textContent).toBe("初始值取自 2026-11-01 08:00:00 的数据（演示管理员 于 2026-11-20 10:30:00 设置）。");
  });

  it("names the reading's time and the setting time apart (en)", () => {
    renderIntl(<p data-testid="note"><InitialNote initial={{ ...initial, setByName: null }} /></p>);
    expect(screen.getByTestId("note").textContent).toBe("Initial value: the reading of 2026-11-01 08:00:00 (set by — on 2026-11-20 10:30:00).");
  });
});
