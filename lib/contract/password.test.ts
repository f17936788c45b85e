import { describe, expect, it } from "vitest";
import type { Complexity } from "./password";
import { checkPassword, randomPassword } from "./password-check";

const high: Complexity = { template: "high", pwdSize: 10, pwdModes: [4, 5] };
const keys = (pw: string, c: Complexity, who = {}) => checkPassword(pw, c, who).map((i) => i.key);

describe("checkPassword", () => {
  it("accepts a password meeting either alternative of the high template", () => {
    expect(keys("abc#123456", high)).toEqual([]);
    expect(keys("abcdefghijklmnop", high)).toEqual([]);
  });

  it("reports the main alternative when none holds", () => {
    expect(checkPassword("abc12345", high)).toEqual([
      { key: "validation.pwdTooShort", values: { min: 10 } },
      { key: "validation.pwdRule4", values: {} },
    ]);
  });

  it("refuses the account name and the display name's pinyin in the long alternative", () => {
    expect(keys("demoadmin#2026", high, { username: "demoadmin" })).toContain("validation.pwdRule5");
    expect(keys("zhangsan12345678", high, { realname: "张三" })).toEqual(["validation.pwdRule4"]);
  });

  it("asks for a value and caps the length", () => {
    expect(keys("", high)).toEqual(["validation.required"]);
    expect(keys("a".repeat(65), { template: "none", pwdSize: 1, pwdModes: [] })).toEqual(["validation.maxLength"]);
  });

  it("generates passwords its own policy accepts", () => {
    for (let i = 0; i < 20; i++) expect(keys(randomPassword(high, { username: "demoadmin" }), high, { username: "demoadmin" })).toEqual([]);
  });
});
