import { describe, expect, it } from "vitest";
import { storable } from "./storable";

describe("storable", () => {
  it("escapes NUL and lone surrogates and keeps everything else as it was", () => {
    expect(storable("a\u0000b")).toBe("a\\u0000b");
    expect(storable("x\ud800y\udc00")).toBe("x\\ud800y\\udc00");
    expect(storable("温度 😀 ok")).toBe("温度 😀 ok");
    expect(storable("\u0000\u0000")).toBe("\\u0000\\u0000");
  });

  it("cuts at the limit without splitting a surrogate pair", () => {
    expect(storable("ab😀", 3)).toBe("ab");
    expect(storable("abc", 2)).toBe("ab");
  });
});
