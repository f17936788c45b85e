import type { PGlite } from "@electric-sql/pglite";
import type { Client, Connection } from "pg";
import { openDb } from "../cloud/db/client";
import { cpuReading, threadId, type CpuShare, type Part } from "./cpu";

/**
 * The database's own limit for the ingest's rows, measured beside it (issue 33): `rows` values of
 * `devices` devices — two properties, numbers, the writer's shape — written straight into the
 * `telemetry` table (partitioned by day, with its index, as the ingest writes it) without broker,
 * checks, roll-ups or latest values, in transactions of `batch` rows (the writer's batch):
 * - COPY … FROM STDIN (PGlite: from a blob), one statement per batch;
 * - multi-row INSERT … VALUES, statements of 10,000 rows (50,000 parameters; the protocol allows
 *   65,535), `batch` rows per transaction.
 * Each is run twice, alternately, and the faster run kept: the limit, on a machine others load.
 * The rows carry device ids below zero, which no device has, and are deleted afterwards.
 */

const ROWS_PER_INSERT = 10_000;
const COLUMNS = "telemetry (device_id, prop_id, ts, num, txt)";

export type RawInsert = { method: "COPY" | "multi-row INSERT"; rows: number; seconds: number; rowsPerSecond: number; cpu: CpuShare };

/** Property ids below zero as well (two properties; no `telemetry_props` row needed for rows deleted afterwards). */
type Value = [deviceId: number, propId: number, ts: string, num: number];

function values(rows: number, devices: number): Value[] {
  const base = Date.now() - 60_000;
  return Array.from({ length: rows }, (_, k): Value => {
    const device = (k >> 1) % devices;
    return [-1 - device, k % 2 ? -2 : -1, new Date(base + Math.floor(k / (2 * devices))).toISOString(), 20 + (k % 10) / 10];
  });
}

/** The INSERT text of `n` rows: `($1, $2, $3, $4, null), …`. */
function insertText(n: number) {
  const rows = Array.from({ length: n }, (_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4}, null)`);
  return `insert into ${COLUMNS} values ${rows.join(", ")}`;
}

const copyText = (batch: Value[]) => batch.map((v) => `${v[0]}\t${v[1]}\t${v[2]}\t${v[3]}\t\\N\n`).join("");

/** What one method needs of a connection: a COPY of text rows, a parameterised statement, a plain one. */
type Sink = { copy(text: string): Promise<void>; query(text: string, params: unknown[]): Promise<void>; exec(text: string): Promise<void> };

/**
 * COPY FROM STDIN through node-postgres without another package: a query object the client drives
 * (its `Submittable` hooks), answering the server's CopyInResponse with the data.
 */
function copyFrom(client: Client, statement: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = {
      submit: (connection: Connection) => void (connection as unknown as { query(text: string): void }).query(statement),
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
        for (let i = 0; i < data.length; i += 65_536) connection.sendCopyFromChunk(data.subarray(i, i + 65_536));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handleRowDescription() {},
      handleDataRow() {},
      // node-postgres drops a query on its error, so its ReadyForQuery never reaches it: settle here.
      handleError: (err: Error) => reject(err),
      handleReadyForQuery: () => resolve(),
    };
    void client.query(query as unknown as Parameters<Client["query"]>[0]);
  });
}

async function measure(sink: Sink, all: Value[], batch: number, method: RawInsert["method"], parts: Part[]): Promise<RawInsert> {
  const batches: Value[][] = [];
  for (let i = 0; i < all.length; i += batch) batches.push(all.slice(i, i + batch));
  // The data is ready before the clock starts, as the ingest's values are when its writer runs.
  const texts = method === "COPY" ? batches.map(copyText) : [];
  const fullText = insertText(ROWS_PER_INSERT);
  const reading = cpuReading(parts);
  const started = performance.now();
  for (let b = 0; b < batches.length; b++) {
    if (method === "COPY") {
      await sink.copy(texts[b]);
      continue;
    }
    await sink.exec("begin");
    for (let i = 0; i < batches[b].length; i += ROWS_PER_INSERT) {
      const rows = batches[b].slice(i, i + ROWS_PER_INSERT);
      await sink.query(rows.length === ROWS_PER_INSERT ? fullText : insertText(rows.length), rows.flat());
    }
    await sink.exec("commit");
  }
  const seconds = (performance.now() - started) / 1000;
  return { method, rows: all.length, seconds, rowsPerSecond: Math.round(all.length / seconds), cpu: reading.stop() };
}

/** Both methods, twice each, alternately; the faster run of each. `pg`: a PostgreSQL URL and its postmaster; else a fresh PGlite in memory. */
export async function rawInsert(opts: { rows: number; devices: number; batch: number; pg?: { url: string; pid: number } }): Promise<RawInsert[]> {
  const all = values(opts.rows, opts.devices);
  const main = { pid: process.pid, tid: threadId() };
  let sink: Sink;
  let parts: Part[];
  let close: () => Promise<void>;
  if (opts.pg) {
    // The cluster may be new: the cloud's migrations make the same partitioned table as on PGlite.
    await (await openDb({ url: opts.pg.url })).close();
    const { Client } = await import("pg");
    const client = new Client({ connectionString: opts.pg.url });
    await client.connect();
    sink = {
      copy: (text) => copyFrom(client, `copy ${COLUMNS} from stdin`, Buffer.from(text)),
      query: async (text, params) => void (await client.query(text, params)),
      exec: async (text) => void (await client.query(text)),
    };
    parts = [
      { name: "PostgreSQL", tree: opts.pg.pid },
      { name: "client thread", thread: main },
    ];
    close = async () => {
      await client.query("delete from telemetry where device_id < 0");
      await client.query("vacuum telemetry");
      await client.end();
    };
  } else {
    // The cloud's own PGlite setup, migrations included: the same partitioned table.
    const handle = await openDb({ dataDir: "memory" });
    const pg = (handle.db as unknown as { $client: PGlite }).$client;
    sink = {
      copy: async (text) => void (await pg.query(`copy ${COLUMNS} from '/dev/blob'`, [], { blob: new Blob([text]) })),
      query: async (text, params) => void (await pg.query(text, params)),
      exec: async (text) => void (await pg.exec(text)),
    };
    parts = [{ name: "PGlite (its thread)", thread: main }];
    close = () => handle.close();
  }
  try {
    const runs: RawInsert[] = [];
    for (let round = 0; round < 2; round++) for (const method of ["COPY", "multi-row INSERT"] as const) runs.push(await measure(sink, all, opts.batch, method, parts));
    return (["COPY", "multi-row INSERT"] as const).map((m) => runs.filter((r) => r.method === m).sort((a, b) => b.rowsPerSecond - a.rowsPerSecond)[0]);
  } finally {
    await close();
  }
}
