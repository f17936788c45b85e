import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  alnum,
  alnumRequired,
  code,
  codeRequired,
  email,
  emailRequired,
  endNotBeforeStart,
  hexColor,
  issueMessage,
  landline,
  landlineRequired,
  mobile,
  mobileRequired,
  optional,
  number,
  numberRequired,
  rgbColor,
  selectRequired,
  text,
  TEXT_PRESETS,
  textRequired,
  username,
} from "./validation";

/** The message key of the first issue, or "ok". */
function check(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  return r.success ? "ok" : issueMessage(r.error.issues[0]).key.replace("validation.", "");
}

describe("text presets", () => {
  it.each(TEXT_PRESETS)("max %i, optional and required", (max) => {
    expect(check(text(max), "a".repeat(max))).toBe("ok");
    expect(check(text(max), "a".repeat(max + 1))).toBe("maxLength");
    expect(check(text(max), "")).toBe("ok");
    expect(check(text(max), null)).toBe("ok");
    expect(check(text(max), undefined)).toBe("ok");
    expect(check(textRequired(max), "")).toBe("required");
    expect(check(textRequired(max), "   ")).toBe("required");
    expect(check(textRequired(max), undefined)).toBe("required");
    expect(check(textRequired(max), "x".repeat(max + 1))).toBe("maxLength");
    expect(check(textRequired(max), "监测")).toBe("ok");
  });

  it("defaults to 64 and reports the maximum", () => {
    const r = textRequired().safeParse("a".repeat(65));
    expect(r.success).toBe(false);
    if (!r.success) expect(issueMessage(r.error.issues[0])).toEqual({ key: "validation.maxLength", values: { max: 64 } });
  });

  it("rejects emoji as invalid characters", () => {
    expect(check(textRequired(), "项目😀")).toBe("emoji");
    expect(check(text(), "🇨🇳")).toBe("emoji");
    expect(check(text(), "plain-text_1 (ok)")).toBe("ok");
  });
});

describe("numbers", () => {
  it("must be numeric, not negative, not above the maximum (1000 / 10000)", () => {
    expect(check(numberRequired(), "12.5")).toBe("ok");
    expect(check(numberRequired(), 1000)).toBe("ok");
    expect(check(numberRequired(), 1000.01)).toBe("max");
    expect(check(numberRequired(10000), 10000)).toBe("ok");
    expect(check(numberRequired(10000), "10001")).toBe("max");
    expect(check(numberRequired(), -1)).toBe("nonNegative");
    expect(check(numberRequired(), "abc")).toBe("number");
    expect(check(numberRequired(), "Infinity")).toBe("number");
  });

  it("required variants refuse blank input instead of reading it as 0", () => {
    expect(check(numberRequired(), "")).toBe("required");
    expect(check(numberRequired(), " ")).toBe("required");
    expect(check(numberRequired(), null)).toBe("required");
    expect(check(numberRequired(), undefined)).toBe("required");
  });

  it("optional variants accept empty", () => {
    expect(check(number(), "")).toBe("ok");
    expect(check(number(), null)).toBe("ok");
    expect(check(number(10000), "5000")).toBe("ok");
    expect(check(number(), "5000")).toBe("max");
  });

  it("reports the maximum as a value", () => {
    const r = numberRequired(10000).safeParse(20000);
    if (r.success) throw new Error("should fail");
    expect(issueMessage(r.error.issues[0])).toEqual({ key: "validation.max", values: { max: 10000 } });
  });
});

describe("formats", () => {
  it("mobile: 11 digits starting with 1", () => {
    expect(check(mobileRequired, "13800000000")).toBe("ok");
    expect(check(mobileRequired, "23800000000")).toBe("mobile");
    expect(check(mobileRequired, "1380000000")).toBe("mobile");
    expect(check(mobileRequired, "")).toBe("required");
    expect(check(mobile, "")).toBe("ok");
    expect(check(mobile, "12")).toBe("mobile");
  });

  it("landline: optional 2–4 digit area code and a dash, then 7–8 digits", () => {
    for (const ok of ["010-12345678", "0571-1234567", "12345678", "1234567"]) expect(check(landline, ok)).toBe("ok");
    for (const bad of ["010 12345678", "01012345678-", "12345-1234567", "123456", "010-123456789"]) expect(check(landline, bad)).toBe("landline");
    expect(check(landline, "")).toBe("ok");
    expect(check(landlineRequired, "")).toBe("required");
  });

  it("e-mail", () => {
    expect(check(emailRequired, "a.b@example.com")).toBe("ok");
    expect(check(emailRequired, "not-an-email")).toBe("email");
    expect(check(emailRequired, "")).toBe("required");
    expect(check(email, "")).toBe("ok");
  });

  it("letters or digits only", () => {
    expect(check(alnum, "Abc123")).toBe("ok");
    expect(check(alnum, "abc-123")).toBe("alnum");
    expect(check(alnum, "")).toBe("ok");
    expect(check(alnumRequired, "")).toBe("required");
  });

  it("code: letters, digits and underscore, at most 32", () => {
    expect(check(codeRequired, "sys_user_1")).toBe("ok");
    expect(check(codeRequired, "sys:user")).toBe("code");
    expect(check(codeRequired, "a".repeat(33))).toBe("maxLength");
    expect(check(codeRequired, "")).toBe("required");
    expect(check(code, "")).toBe("ok");
  });

  it("username: no Chinese, no spaces, 6–32", () => {
    expect(check(username, "admin01")).toBe("ok");
    expect(check(username, "管理员admin")).toBe("usernameChars");
    expect(check(username, "admin 01")).toBe("usernameChars");
    expect(check(username, "adm")).toBe("usernameLength");
    expect(check(username, "a".repeat(33))).toBe("usernameLength");
    expect(check(username, "")).toBe("required");
  });

  it("select required: empty string, null and undefined fail", () => {
    const s = selectRequired(z.coerce.number());
    expect(check(s, "")).toBe("select");
    expect(check(s, null)).toBe("select");
    expect(check(s, undefined)).toBe("select");
    expect(check(s, "2")).toBe("ok");
  });

  it("hex colour: # and six digits, 'wrong hex colour value'", () => {
    expect(check(hexColor, "#409EFF")).toBe("ok");
    for (const bad of ["409EFF", "#409EF", "#409EFG", "#409EFF0"]) expect(check(hexColor, bad)).toBe("hexColor");
  });

  it("rgb colour: three values 0–255, 'wrong rgb colour value'", () => {
    expect(check(rgbColor, "rgb(64, 158, 255)")).toBe("ok");
    for (const bad of ["rgb(256, 0, 0)", "rgb(1,2)", "64,158,255", "rgba(1,2,3,0.5)"]) expect(check(rgbColor, bad)).toBe("rgbColor");
  });
});

describe("end not earlier than start", () => {
  const range = z.object({ start: z.string(), end: z.string() }).superRefine(endNotBeforeStart("start", "end"));
  it("warns on the end field when the end is earlier", () => {
    const r = range.safeParse({ start: "2026-03-02 10:00:00", end: "2026-03-01 10:00:00" });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues[0].path).toEqual(["end"]);
      expect(r.error.issues[0].message).toBe("validation.endBeforeStart");
    }
  });
  it("accepts equal or later ends, and missing ends", () => {
    expect(range.safeParse({ start: "2026-03-02", end: "2026-03-02" }).success).toBe(true);
    expect(range.safeParse({ start: "2026-03-02", end: "" }).success).toBe(true);
  });
});

describe("issueMessage", () => {
  it("maps zod's own issues to validation keys", () => {
    expect(check(z.string(), undefined)).toBe("required");
    expect(check(z.string(), 5)).toBe("invalidType");
    expect(check(z.string().min(3), "a")).toBe("minLength");
    expect(check(z.array(z.string()).min(1), [])).toBe("minItems");
    expect(check(z.enum(["a"]), "b")).toBe("invalidOption");
    expect(check(z.strictObject({}), { x: 1 }) ).toBe("unknownField");
  });

  it("reports an optional field's own problem rather than the blank alternative's", () => {
    const longitude = optional(z.coerce.number({ error: "validation.number" }).max(180, "validation.max"));
    expect(check(longitude, "east")).toBe("number");
    expect(check(longitude, "200")).toBe("max");
    expect(check(longitude, "")).toBe("ok");
    expect(check(optional(z.enum(["a", "b"])), "c")).toBe("invalidOption");
  });
});
