import { describe, expect, it } from "vitest";
import { streamParts } from "./stream-parts";

/** A stream that hands over `chunks` one by one and records whether it was cancelled. */
function source(chunks: string[]) {
  const state = { cancelled: false };
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      const next = chunks.shift();
      if (next === undefined) ctrl.close();
      else ctrl.enqueue(enc.encode(next));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe("streamParts", () => {
  it("yields the parts between separators, whatever the chunks, and keeps an unfinished tail back", async () => {
    const { body } = source(["data: 1\n", "\ndata: 2\n\nda", "ta: 3\n\ndata: 4"]);
    const parts: string[] = [];
    for await (const p of streamParts(body, "\n\n")) parts.push(p);
    expect(parts).toEqual(["data: 1", "data: 2", "data: 3"]);
  });

  it("cancels the stream when the reader stops early", async () => {
    const { body, state } = source(["a\nb\n", "c\n"]);
    for await (const p of streamParts(body, "\n")) if (p === "a") break;
    expect(state.cancelled).toBe(true);
  });
});
