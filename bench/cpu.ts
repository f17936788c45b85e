import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * CPU time of the parts of a benchmark, read from /proc (Linux): a thread's or a process's user +
 * system ticks at two instants, so each part's share of the run is known and what saturates can
 * be named. A thread runs on one core at a time: one at ≈ 100 % of a core is the limit, whatever
 * the machine's other cores do.
 */

const TICK_S = 1 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100);

/** This thread's id (`/proc/thread-self` names it): the main thread's, or a worker's when called there. */
export const threadId = () => Number(readlinkSync("/proc/thread-self").split("/").pop());

/** utime + stime in seconds from a stat line (the command name, in parentheses, may hold spaces). */
function ticks(statPath: string): number | null {
  try {
    const f = readFileSync(statPath, "utf8");
    const rest = f.slice(f.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat(5); `rest` starts at field 3.
    return (Number(rest[11]) + Number(rest[12])) * TICK_S;
  } catch {
    return null;
  }
}

/** Every process below `pid`, itself included (PostgreSQL's backends and helpers are the postmaster's children). */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(f.slice(f.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  for (const stack = [pid]; stack.length; ) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Busy and total seconds of all cores together (`/proc/stat`'s first line). */
function machine(): { busy: number; total: number } {
  const [, ...v] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  // idle and iowait are the cores' rest.
  return { busy: (total - v[3] - v[4]) * TICK_S, total: total * TICK_S };
}

/**
 * A part of the run: one thread (single-threaded, so it can saturate a core), one process (all its
 * threads), or a process tree (e.g. a PostgreSQL cluster, whose busiest process is given apart).
 */
export type Part =
  | { name: string; thread: { pid: number; tid: number } }
  /** `minus`: parts (threads of this process) whose time is given apart and left out of this one. */
  | { name: string; process: number; minus?: string[] }
  | { name: string; tree: number };

type Reading = { at: number; machine: { busy: number; total: number }; parts: Map<string, Map<number, number>> };

function read(parts: Part[]): Reading {
  const out = new Map<string, Map<number, number>>();
  for (const part of parts) {
    const m = new Map<number, number>();
    if ("thread" in part) {
      const t = ticks(`/proc/${part.thread.pid}/task/${part.thread.tid}/stat`);
      if (t !== null) m.set(part.thread.tid, t);
    } else
      for (const pid of "process" in part ? [part.process] : tree(part.tree)) {
        const t = ticks(`/proc/${pid}/stat`);
        if (t !== null) m.set(pid, t);
      }
    out.set(part.name, m);
  }
  return { at: performance.now(), machine: machine(), parts: out };
}

export type CpuShare = {
  /** Seconds the reading covered. */
  seconds: number;
  /** Each part's CPU in % of one core (a whole process may pass 100 %); with its busiest process for a tree. */
  parts: { name: string; single: boolean; percent: number; busiest?: number }[];
  /** All cores' busy time in % of one core (2 cores: at most 200 %), everyone's. */
  machine: number;
  cores: number;
};

/** Starts a reading of `parts`; `stop()` answers each part's share since then. */
export function cpuReading(parts: Part[]) {
  const start = read(parts);
  return {
    stop(): CpuShare {
      const end = read(parts);
      const seconds = (end.at - start.at) / 1000;
      const cores = (end.machine.total - start.machine.total) / seconds;
      return {
        seconds,
        cores: Math.round(cores),
        machine: (100 * (end.machine.busy - start.machine.busy)) / seconds,
        parts: parts.map((p) => {
          const delta = (name: string) => {
            const before = start.parts.get(name)!;
            // A process that started during the run counts from zero; one that ended is not seen.
            return [...end.parts.get(name)!].map(([id, t]) => t - (before.get(id) ?? 0));
          };
          const deltas = delta(p.name);
          const apart = "minus" in p ? (p.minus ?? []).flatMap(delta).reduce((a, b) => a + b, 0) : 0;
          const percent = (100 * (deltas.reduce((a, b) => a + b, 0) - apart)) / seconds;
          return { name: p.name, single: "thread" in p, percent, ...("tree" in p ? { busiest: (100 * Math.max(0, ...deltas)) / seconds } : {}) };
        }),
      };
    },
  };
}

/** A unit above this share of a core is taken as the limit of the run. */
const SATURATED = 85;

/**
 * What limited a run, in words: a thread (or a tree's busiest process: one PostgreSQL backend runs
 * on one core) at ≥ 85 % of a core; else the machine's cores all busy (with what others used);
 * else nothing on the CPU (the run waited: round trips, acknowledgements).
 */
export function saturation(s: CpuShare): string {
  const ours = s.parts.reduce((a, p) => a + p.percent, 0);
  const units = s.parts.flatMap((p) => (p.single ? [{ name: p.name, percent: p.percent }] : p.busiest !== undefined ? [{ name: `${p.name}'s busiest process`, percent: p.busiest }] : []));
  const top = units.sort((a, b) => b.percent - a.percent)[0];
  const busy = s.machine / (100 * s.cores);
  const cores = `machine ${Math.round(s.machine)} % of ${s.cores * 100} % (this bench ${Math.round(ours)} %, other processes ${Math.max(0, Math.round(s.machine - ours))} %)`;
  if (top && top.percent >= SATURATED) return `${top.name} (${Math.round(top.percent)} % of a core); ${cores}`;
  if (busy >= SATURATED / 100) return `all ${s.cores} cores: ${cores}`;
  return `nothing on the CPU (${top ? `busiest ${top.name} ${Math.round(top.percent)} %` : "no part"}); ${cores}`;
}

/** One table row of a reading: each part's % of a core and the whole machine's. */
export function cpuRow(label: Record<string, unknown>, s: CpuShare): Record<string, unknown> {
  const row: Record<string, unknown> = { ...label, "over s": +s.seconds.toFixed(1) };
  for (const p of s.parts) row[p.name] = `${Math.round(p.percent)} %${p.busiest !== undefined ? ` (busiest ${Math.round(p.busiest)} %)` : ""}`;
  row.machine = `${Math.round(s.machine)} % of ${s.cores * 100} %`;
  return row;
}
