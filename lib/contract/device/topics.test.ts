import { describe, expect, it } from "vitest";
import { deviceTopic, parseUpTopic } from "./topics";

describe("parseUpTopic", () => {
  it("takes a device's upward topic apart", () => {
    expect(parseUpTopic(deviceTopic(13, "SIM13002", "property/post"))).toEqual({ productId: 13, sn: "SIM13002", channel: "property/post" });
  });

  it("refuses any product id spelling but the canonical one, which an external broker's ACL is written for", () => {
    for (const id of ["013", "13.0", "1e1", "+13", " 13", "0x0d", "0", "-1", "", "99999999999"]) expect(parseUpTopic(`iot/${id}/SIM13002/property/post`)).toBeNull();
  });

  it("refuses other roots, channels and lengths", () => {
    for (const t of ["x/13/S/property/post", "iot/13//property/post", "iot/13/S/property/set", "iot/13/S/property/post/x"]) expect(parseUpTopic(t)).toBeNull();
  });
});
