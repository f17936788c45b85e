import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone, shouldMask } from "./mask";

describe("maskPhone", () => {
  it("keeps the first 3 and last 4 digits with **** between", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone(" 010-12345678 ")).toBe("010****5678");
  });
  it("keeps only the first 3 of a short number, and nothing of an empty one", () => {
    expect(maskPhone("1234567")).toBe("123****");
    expect(maskPhone("")).toBe("");
    expect(maskPhone(null)).toBe("");
  });
});

describe("maskEmail", () => {
  it("masks after the first 3 characters, keeping the domain", () => {
    expect(maskEmail("alice.wang@example.com")).toBe("ali****@example.com");
    expect(maskEmail("ab@x.cn")).toBe("ab****@x.cn");
    expect(maskEmail("no-at-sign")).toBe("no-****");
    expect(maskEmail(undefined)).toBe("");
  });
});

describe("shouldMask", () => {
  const settings = { enabled: true, exemptUserIds: [7], exemptDepartmentIds: [3] };
  it("masks for everyone not exempt while enabled", () => {
    expect(shouldMask(settings, { userId: 1, departmentId: 2 })).toBe(true);
    expect(shouldMask(settings, { userId: 1 })).toBe(true);
  });
  it("exempts by user id or department id", () => {
    expect(shouldMask(settings, { userId: 7, departmentId: 2 })).toBe(false);
    expect(shouldMask(settings, { userId: 1, departmentId: 3 })).toBe(false);
  });
  it("never masks while disabled or unset", () => {
    expect(shouldMask({ ...settings, enabled: false }, { userId: 1 })).toBe(false);
    expect(shouldMask(null, { userId: 1 })).toBe(false);
  });
});
