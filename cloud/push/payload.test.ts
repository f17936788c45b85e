import { describe, expect, it } from "vitest";
import { renderBatch } from "./payload";

const at = new Date("2026-11-25T00:00:00Z");
const items = [{ kind: "telemetry", deviceSn: "SIM01001", identifier: "angleX", ts: "2026-11-25T00:00:00.000Z", value: 1.25 }];

describe("renderBatch", () => {
  const config = { id: 7, pushName: "owner", template: null, headers: [], encoding: "UTF-8" };

  it("sends the default JSON document without a template", () => {
    const r = renderBatch(config, items, at);
    expect(JSON.parse(r.body)).toEqual({ name: "owner", configId: 7, sentAt: at.toISOString(), count: 1, items });
    expect(r.contentType).toBe("application/json; charset=UTF-8");
  });

  it("fills a template's placeholders and leaves the rest as written", () => {
    const r = renderBatch({ ...config, template: '{"site": "A1", "n": {{count}}, "data": {{ items }}, "by": "{{name}}", "x": "{{other}}"}', encoding: "GBK" }, items, at);
    expect(JSON.parse(r.body)).toEqual({ site: "A1", n: 1, data: items, by: "owner", x: "{{other}}" });
    expect(r.contentType).toBe("application/json; charset=GBK");
    expect(renderBatch({ ...config, template: "count={{count}}" }, items, at)).toMatchObject({ body: "count=1", contentType: "text/plain; charset=UTF-8" });
  });
});
