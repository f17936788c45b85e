import { describe, expect, it } from "vitest";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import { checkValue, thingFunction } from "@/lib/contract/device/thing-model";
import { examplePayload } from "@/lib/contract/device/examples";
import { DEMO_LIBRARY, DEMO_PRODUCTS, PLATFORM_COPY_KEYS } from "./product-catalogue";

describe("demo product catalogue", () => {
  it("has a product for each of the 13 monitoring screens", () => {
    expect(DEMO_PRODUCTS.map((p) => p.monitorType).filter(Boolean).sort()).toEqual([...MONITOR_KINDS].sort());
  });

  it("writes every function as the editor's schema accepts it, identifiers unique within each product", () => {
    for (const p of DEMO_PRODUCTS) {
      const ids = p.functions.map((f) => f.identifier);
      expect(new Set(ids).size, p.key).toBe(ids.length);
      for (const f of p.functions) expect(thingFunction.safeParse(f).error?.issues, `${p.key}.${f.identifier}`).toBeUndefined();
    }
    for (const f of DEMO_LIBRARY) expect(thingFunction.safeParse(f).success).toBe(true);
  });

  it("gives the gateway sub-device products only, and platform copies of known products", () => {
    const byKey = new Map(DEMO_PRODUCTS.map((p) => [p.key, p]));
    const gateway = DEMO_PRODUCTS.find((p) => p.prodType === "gateway")!;
    expect(gateway.subs!.map((k) => byKey.get(k)?.prodType)).toEqual(["subDevice", "subDevice"]);
    for (const k of PLATFORM_COPY_KEYS) expect(byKey.has(k)).toBe(true);
  });

  it("has example payloads (the product page's topics tab) that fit every function", () => {
    for (const p of DEMO_PRODUCTS) {
      for (const fn of p.functions) {
        const { channel, payload } = examplePayload(fn);
        const params = (payload as { params: Record<string, unknown> }).params;
        expect(checkValue(fn, channel === "property/post" ? params[fn.identifier] : params), `${p.key}.${fn.identifier}`).toEqual({ ok: true });
      }
    }
  });
});
