import { describe, expect, it } from "vitest";
import { format } from "./format";

describe("format", () => {
  it("substitutes names and leaves unknown ones", () => {
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("takes ICU's plural form: an exact value, one, other, with # and names inside", () => {
    const m = "{count, plural, =0 {no cards} one {# card} other {# cards}} expire within {days, plural, one {# day} other {# days}} ({rule})";
    expect(format(m, { count: 0, days: 1, rule: "R" })).toBe("no cards expire within 1 day (R)");
    expect(format(m, { count: 1, days: 30, rule: "R" })).toBe("1 card expire within 30 days (R)");
    expect(format(m, { count: 12, days: 7, rule: "R" })).toBe("12 cards expire within 7 days (R)");
    expect(format("{n, plural, one {# item in {where}} other {# items in {where}}}", { n: 2, where: "A" })).toBe("2 items in A");
    expect(format("{n, plural, one {# x} other {# xs}}")).toBe("{n, plural, one {# x} other {# xs}}");
  });
});
