// @vitest-environment node
import { describe, expect, it } from "vitest";
import { z as real } from "zod";
import { realOf, z, zodReady } from "./lazy-zod";

// Built at import, as a contract builds its rules in the browser before zod has loaded.
const name = z.string().trim().min(1, "validation.required").max(5, "validation.maxLength");
const withDefault = z.coerce.number().int().default(3);
const person = z.object({ name, age: withDefault, tags: z.array(z.enum(["a", "b"])).max(2) });
const blankOr = z.union([z.literal(""), name]).nullish();
const update = person.extend({ id: z.number() }).omit({ tags: true });
// What entity.ts does for updates: the default left out, looked at on first use only.
const noDefault = z.lazy(() => (withDefault instanceof z.ZodDefault ? (withDefault.unwrap() as real.ZodType) : withDefault)).optional();

describe("zod in the browser (lazy facade)", () => {
  it("records schemas before zod loads and refuses to use them until then", () => {
    expect(() => person.parse({ name: "x" })).toThrow(/before it has loaded/);
    expect(() => person.safeParse({})).toThrow(/before it has loaded/);
    expect(() => person instanceof Object).toThrow(/before it has loaded/);
    expect(() => Object.keys(person)).toThrow(/before it has loaded/);
    // Not a promise: awaiting a module's export must not call into it.
    expect((person as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it("once loaded, each recorded schema is the real one", async () => {
    await zodReady();
    expect(person.parse({ name: " Li ", tags: ["a"] })).toEqual({ name: "Li", age: 3, tags: ["a"] });
    const bad = person.safeParse({ name: "", tags: ["c"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual(["name", "validation.required"]);
    expect(blankOr.parse("")).toBe("");
    expect(blankOr.parse(null)).toBeNull();
    expect(update.parse({ name: "ab", id: 4 })).toEqual({ name: "ab", age: 3, id: 4 });
    expect(noDefault.parse(undefined)).toBeUndefined();
    expect(noDefault.parse("7")).toBe(7);
    expect(person instanceof real.ZodObject).toBe(true);
    expect(z.ZodDefault).toBe(real.ZodDefault);
    expect("_zod" in person).toBe(true);
    expect(Object.keys(person.shape)).toEqual(["name", "age", "tags"]);
  });

  it("hands libraries the real schema, the same each time, and builds new schemas directly", () => {
    const r = realOf(person);
    expect(r).toBe(realOf(person));
    expect(r).not.toBe(person);
    expect(r instanceof real.ZodObject).toBe(true);
    // A real schema holding a recorded one (a form extending a contract's rule) validates through it.
    const later = real.object({ who: person, n: real.number() });
    expect(later.parse({ who: { name: "a", tags: [] }, n: 1 })).toEqual({ who: { name: "a", age: 3, tags: [] }, n: 1 });
    expect(z.string().max(2).safeParse("abc").success).toBe(false);
  });
});
