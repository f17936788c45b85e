import { describe, expect, it } from "vitest";
import { FORMATTER, formatter, revive, toMessage, UnsendableOption, yLabel } from "./chart-formatters";

describe("chart formatters across the worker", () => {
  it("an option's formatters cross as their names and arguments, and are the same functions again on the other side", () => {
    const option = { yAxis: { axisLabel: { formatter: formatter("decimals") } }, tooltip: { formatter: formatter("windTip", "Wind") }, series: [{ data: [[1, 2]] }] };
    const message = structuredClone(toMessage(option)) as typeof option;
    expect(message.tooltip.formatter).toEqual({ [FORMATTER]: "windTip", args: ["Wind"] });
    const back = revive(message) as typeof option;
    expect(back.yAxis.axisLabel.formatter(1.23456)).toBe("1.235");
    expect(back.tooltip.formatter({ value: [0, -90] })).toBe("Wind: 270°");
    expect(back.series).toEqual(option.series);
  });

  it("the data crosses as it is: an array of plain values is not copied on the way", () => {
    const data = Array.from({ length: 1000 }, (_, i) => i);
    const message = toMessage({ series: [{ data }] }) as { series: { data: number[] }[] };
    expect(message.series[0].data).toBe(data);
  });

  it("a function no formatter made cannot cross, and says where it is", () => {
    expect(() => toMessage({ tooltip: { formatter: () => "x" } })).toThrow(UnsendableOption);
    expect(() => toMessage({ tooltip: { formatter: () => "x" } })).toThrow("option.tooltip.formatter");
    expect(() => revive({ [FORMATTER]: "eval", args: [] })).toThrow(UnsendableOption);
  });

  it("the named formatters say what the charts showed before", () => {
    expect(formatter("decimals", "-")(undefined)).toBe("-");
    expect(formatter("decimals")("12 mm")).toBe("12 mm");
    expect(formatter("compass")(270)).toBe("W");
    expect(formatter("quadrant")(180)).toBe("-X");
    expect(formatter("profileTip", "Depth", "Displacement")({ seriesName: "05-01 08:00", value: [1.23456, 4] })).toBe("05-01 08:00\nDepth: 4\nDisplacement: 1.235");
    expect(yLabel(-0.0004)).toBe("0");
  });
});
