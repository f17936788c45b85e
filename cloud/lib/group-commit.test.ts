import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

/** A write that takes until `release` is called, recording each group it was given. */
function gate() {
  const groups: number[][] = [];
  let release: () => void = () => {};
  const write = async (items: number[]) => {
    groups.push(items);
    await new Promise<void>((r) => (release = r));
    return items.map((n) => n * 10);
  };
  return { groups, write, release: () => release() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("group commit", () => {
  it("writes an item alone at once, and what arrives meanwhile together in the next group", async () => {
    const g = gate();
    const commit = new GroupCommit(g.write);
    const first = commit.push(1);
    await tick();
    expect(g.groups).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => commit.push(n));
    await tick();
    expect(g.groups).toEqual([[1]]);
    expect(commit.waiting).toBe(3);
    g.release();
    expect(await first).toBe(10);
    await tick();
    expect(g.groups).toEqual([[1], [2, 3, 4]]);
    g.release();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect({ groups: commit.groups, items: commit.items }).toEqual({ groups: 2, items: 4 });
  });

  it("puts what is pushed in the same turn in one group", async () => {
    const g = gate();
    const commit = new GroupCommit(g.write);
    const all = [1, 2, 3].map((n) => commit.push(n));
    await tick();
    expect(g.groups).toEqual([[1, 2, 3]]);
    g.release();
    expect(await Promise.all(all)).toEqual([10, 20, 30]);
  });

  it("never puts two items of one key in a group, and keeps their order", async () => {
    const g = gate();
    const commit = new GroupCommit(g.write, { key: (n) => n % 2 });
    const all = [1, 3, 2, 5, 4].map((n) => commit.push(n));
    await tick();
    expect(g.groups).toEqual([[1, 2]]);
    g.release();
    await tick();
    expect(g.groups[1]).toEqual([3, 4]);
    g.release();
    await tick();
    expect(g.groups[2]).toEqual([5]);
    g.release();
    expect(await Promise.all(all)).toEqual([10, 30, 20, 50, 40]);
  });

  it("caps a group at max items", async () => {
    const g = gate();
    const commit = new GroupCommit(g.write, { max: 2 });
    const all = [1, 2, 3].map((n) => commit.push(n));
    await tick();
    expect(g.groups).toEqual([[1, 2]]);
    g.release();
    await tick();
    expect(g.groups[1]).toEqual([3]);
    g.release();
    await Promise.all(all);
  });

  it("rejects every item of a group whose write failed, and goes on with the next", async () => {
    let fail = true;
    const commit = new GroupCommit(async (items: number[]) => {
      if (fail) throw new Error("database away");
      return items;
    });
    const a = commit.push(1);
    const b = commit.push(2);
    await expect(a).rejects.toThrow("database away");
    await expect(b).rejects.toThrow("database away");
    fail = false;
    expect(await commit.push(3)).toBe(3);
  });
});
