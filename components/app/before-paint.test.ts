import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { BEFORE_PAINT } from "./before-paint";

/** Runs the script against a stand-in page: its storage, address and workers. */
function run(path: string, options: { theme?: string; workers?: boolean } = {}) {
  const classes = new Set<string>();
  const root = { classList: { add: (c: string) => classes.add(c) }, dataset: {} as Record<string, string> };
  const started: string[] = [];
  class Worker {
    constructor(url: string) {
      started.push(url);
    }
  }
  new Function("document", "localStorage", "location", "Worker", BEFORE_PAINT)(
    { documentElement: root },
    { getItem: (k: string) => (k === "theme" ? (options.theme ?? null) : null) },
    { pathname: path },
    options.workers === false ? undefined : Worker,
  );
  return { classes, entry: root.dataset.entry, started };
}

describe("BEFORE_PAINT", () => {
  it("sets the stored theme and which placeholder the page shows", () => {
    expect(run("/login", { theme: "dark" })).toMatchObject({ entry: "login", classes: new Set(["dark"]) });
    expect(run("/houseDataScreen").entry).toBe("screen");
    const page = run("/operationMonitoring/settlement");
    expect(page.entry).toBe("console");
    expect(page.classes.size).toBe(0);
  });

  it("starts the worker that loads ICU's data off the page's main thread, and the worker uses Intl and ends", () => {
    expect(run("/home").started).toEqual(["/intl-warm.js"]);
    const made = vi.fn();
    const close = vi.fn();
    class DateTimeFormat {
      constructor() {
        made();
      }
      format() {
        return "";
      }
    }
    new Function("Intl", "close", readFileSync("public/intl-warm.js", "utf8"))({ DateTimeFormat }, close);
    expect(made).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalled();
  });

  it("still sets the page up where the browser has no workers", () => {
    expect(run("/home", { workers: false }).entry).toBe("console");
  });
});
