import { describe, expect, it } from "vitest";
import { loginUrl, tenantIdOf } from "./session-cookie";

describe("tenant through login", () => {
  it("reads a tenant id only from a positive integer", () => {
    expect(tenantIdOf("2")).toBe(2);
    for (const bad of [undefined, null, "", "0", "-1", "2.5", "abc", "1e3", "9999999999"]) expect(tenantIdOf(bad)).toBeUndefined();
  });

  it("keeps the link's tId, else the last tenant, and the whole target as redirect", () => {
    expect(loginUrl("/systemSet/userSet?size=20&tId=2", undefined)).toBe("/login?tId=2&redirect=%2FsystemSet%2FuserSet%3Fsize%3D20%26tId%3D2");
    expect(loginUrl("/home?tId=3", "2")).toBe("/login?tId=3&redirect=%2Fhome%3FtId%3D3");
    expect(loginUrl("/home", "2")).toBe("/login?tId=2&redirect=%2Fhome");
    expect(loginUrl("/home", "junk")).toBe("/login?redirect=%2Fhome");
    expect(loginUrl("/home", undefined)).toBe("/login?redirect=%2Fhome");
  });
});
