import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clientMessages, loadMessages } from "./namespaces";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Source files under a folder, tests left out (they may read anything). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

describe("client messages", () => {
  it("leaves out the namespaces only the server reads", async () => {
    const all = await loadMessages("en");
    const sent = clientMessages(all);
    expect(Object.keys(sent)).not.toContain("cloud");
    expect(Object.keys(sent)).not.toContain("ingest");
    expect(Object.keys(sent).length).toBe(Object.keys(all).length - 2);
  });

  it("is all the browser's code reads: no screen names a server-only key", () => {
    const readers = [...sources("components"), ...sources("app")].filter((f) => !f.startsWith(join("app", "api")));
    const offending = readers.filter((f) => /["'`](cloud|ingest)\.[a-zA-Z]/.test(readFileSync(join(root, f), "utf8")));
    expect(offending).toEqual([]);
  });
});
