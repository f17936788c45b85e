import { afterAll, beforeAll, inject } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Envelope } from "@/lib/contract/envelope";
import { PATROL_STATUS } from "@/lib/contract/robot/enums";
import { createCloud, SERVED } from "./app";
import { openDb, type Db, type DbHandle } from "./db/client";
import { captchas, robotTaskDays, robotTasks, users } from "./db/schema";
import { DEMO_ACCOUNTS, seed, type SeedOptions } from "./seed";
import { DOCUMENTED_PASSWORDS, seededCopy, seededDb } from "./test-seed";
import type { Deps } from "./lib/context";
import type { Message } from "./lib/delivery";
import { hashPassword, randomToken, sha256 } from "./lib/crypto";
import { cloudConfig } from "./start";
import { PROXY_SECRET_HEADER } from "@/lib/contract/console-proxy";
import { tenantOf } from "./lib/scope";

export type TestRequest = {
  method?: string;
  /** An object is sent as JSON; a string is sent as it is (bad JSON, oversized bodies). */
  body?: unknown;
  token?: string;
  language?: string;
  ip?: string;
  headers?: Record<string, string>;
};
export type TestResponse<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

const DECLARED = new Map(SERVED.map(({ call }) => [`/${call.path}`, call]));
/**
 * Every route test checks the answers it reads: a successful answer of a declared call must parse
 * by the call's answer schema (`typed` answers are checked by TypeScript only).
 */
function checkAnswer(method: string, path: string, data: unknown) {
  const call = DECLARED.get(`/${SERVICE_PATH.exec(path)?.[1] ?? ""}`);
  if (!call || call.typedOnly || (method === "GET") !== (call.kind === "get")) return;
  const r = call.answer.safeParse(data);
  if (!r.success) throw new Error(`${method} ${path} answered data its declaration (${call.path}) does not describe: ${JSON.stringify(r.error.issues.slice(0, 3))}`);
}
const SERVICE_PATH = /^\/([^?]*)/;

/** Wall-clock start of every test cloud, so expiry tests do not depend on the real date. */
/** The test cloud's `CLOUD_PROXY_SECRET`. */
export const TEST_PROXY_SECRET = "test-console-secret";
export const TEST_EPOCH = new Date("2026-03-02T08:00:00Z");

/**
 * A fresh database on the PostgreSQL server `server` (as `npm run test:pg` starts one): its URL,
 * and the drop that removes it (connections closed by force).
 */
export async function throwawayDatabase(server: string, prefix = "test"): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import("pg");
  const name = `${prefix}_${process.pid}_${randomToken().slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
  const query = async (q: string) => {
    const c = new Client({ connectionString: server });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

/**
 * A database of the test file's own: in-memory PGlite, or with `TEST_DATABASE_URL` (a PostgreSQL
 * server, as `npm run test:pg` starts one) a fresh database created on that server and dropped
 * on close. Same migrations either way.
 */
export async function openTestDb(): Promise<DbHandle & { url?: string }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return openDb({ dataDir: "memory" });
  const fresh = await throwawayDatabase(server);
  const handle = await openDb({ url: fresh.url });
  return {
    ...handle,
    /** For a cloud process of the test's own. */
    url: fresh.url,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}

/**
 * The built-in cloud over its own database (one per test file: see `openTestDb`), seeded with the demo
 * accounts, with a clock the test moves and a delivery that keeps what it sent.
 */
export async function createTestCloud(opts: { now?: Date; seed?: SeedOptions } = {}) {
  // On PGlite with the usual seed, a copy of the run's seeded database (`test-seed.ts`).
  const copy = opts.seed || process.env.TEST_DATABASE_URL ? undefined : await seededCopy(inject("seededDb"));
  const handle = copy ? await seededDb(copy) : await openTestDb();
  if (!copy) await seed(handle.db, { ...opts.seed, passwords: { ...DOCUMENTED_PASSWORDS, ...opts.seed?.passwords } });
  let clock = (opts.now ?? TEST_EPOCH).getTime();
  const outbox: Message[] = [];
  const deps: Deps = {
    db: handle.db,
    config: cloudConfig({ product: "iot", filesDir: ".data/test-files", proxySecret: TEST_PROXY_SECRET }),
    delivery: {
      async send(m) {
        outbox.push(m);
      },
    },
    now: () => new Date(clock),
  };
  const app = createCloud(deps);
  const base = `/${deps.config.product}Cloud`;

  /** Calls `{base}{path}`; `path` is the part after `/iotCloud`, e.g. `/sys/login/username`. */
  async function request<T = unknown>(path: string, init: TestRequest = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.language) headers.language = init.language;
    // A test naming the caller's address calls as the console does.
    if (init.ip) Object.assign(headers, { "x-real-ip": init.ip, [PROXY_SECRET_HEADER]: TEST_PROXY_SECRET });
    let payload: string | undefined;
    if (init.body !== undefined) {
      payload = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    const method = init.method ?? (payload === undefined ? "GET" : "POST");
    const res = await app.request(`${base}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
    if (body.code === 200) checkAnswer(method, path, body.data);
    return { status: res.status, body, headers: res.headers };
  }

  /** Logs in by username and returns the token; fails the test with the envelope otherwise. */
  async function login(username: string, password: string, tId = 1, ip?: string): Promise<string> {
    const res = await request<{ token: string }>("/sys/login/username", { body: { username, password, tId }, ip });
    if (res.body.code !== 200) throw new Error(`login ${username}@${tId} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  /** The newest 6-digit code sent to a phone or e-mail address. */
  function lastCode(target: string): string {
    const m = [...outbox].reverse().find((x) => x.target === target);
    const code = m?.body.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
    if (!code) throw new Error(`no code was sent to ${target}`);
    return code;
  }

  /** A captcha whose answer the test knows (the image route's answer is only in the picture). */
  async function captcha(answer = "k7pw"): Promise<{ captchaKey: string; captchaCode: string }> {
    const id = randomToken();
    await handle.db.insert(captchas).values({ id, answerHash: sha256(answer.toLowerCase()), expiresAt: new Date(clock + 5 * 60_000) });
    return { captchaKey: id, captchaCode: answer };
  }

  async function userId(username: string, tenantId: number): Promise<number> {
    const [u] = await handle.db.select({ id: users.id }).from(users).where(tenantOf(tenantId).where(users, eq(users.username, username)));
    if (!u) throw new Error(`no user ${username} in tenant ${tenantId}`);
    return u.id;
  }

  /** A user of its own for a test that changes passwords or state. */
  async function addUser(u: { tenantId: number; username: string; password: string; realname?: string; phone?: string; email?: string }): Promise<number> {
    const [row] = await handle.db
      .insert(users)
      .values({ tenantId: u.tenantId, username: u.username, passwordHash: await hashPassword(u.password), realname: u.realname ?? "", phone: u.phone, email: u.email, pwdChangedAt: new Date(clock) })
      .returning({ id: users.id });
    return row.id;
  }

  return {
    app,
    db: handle.db as Db,
    /** On PostgreSQL (`TEST_DATABASE_URL`), the database's address: a second instance opens its own pool and signal bus on it. */
    url: (handle as { url?: string }).url,
    deps,
    request,
    login,
    outbox,
    lastCode,
    captcha,
    userId,
    addUser,
    now: () => new Date(clock),
    advance(ms: number) {
      clock += ms;
    },
    close: () => handle.close(),
  };
}
export type TestCloud = Awaited<ReturnType<typeof createTestCloud>>;

/** Time a test file's setup (migrating and seeding PGlite) and its slow tests get: generous, as the machine running them may be busy (no test measures time). */
export const SETUP_MS = 180_000;

/** The seeded accounts route tests act as: a tenant's administrator and operator, and the platform's. */
const DEMO_LOGINS = {
  admin: { username: "demoadmin", tenantId: 2 },
  operator: { username: "operator01", tenantId: 2 },
  platform: { username: "superadmin", tenantId: 1 },
} as const;
export type DemoLogin = keyof typeof DEMO_LOGINS;
/** The cloud, a token per account, and the accounts' user ids in `ids`. */
export type SignedIn<W extends DemoLogin> = { cloud: TestCloud; ids: Record<W, number> } & Record<W, string>;

/**
 * The start of a route test file: before its tests, a test cloud and the tokens and user ids of the
 * accounts in `who` are handed to `take`; after them the cloud is closed.
 *   let cloud: TestCloud;
 *   let admin: string;
 *   signedIn((s) => ({ cloud, admin } = s), ["admin"]);
 */
export function signedIn<W extends DemoLogin = DemoLogin>(take: (s: SignedIn<W>) => void, who: readonly W[] = Object.keys(DEMO_LOGINS) as W[]) {
  let cloud: TestCloud | undefined;
  beforeAll(async () => {
    cloud = await createTestCloud();
    const tokens: Record<string, string> = {};
    const ids: Record<string, number> = {};
    for (const w of who) {
      const { username, tenantId } = DEMO_LOGINS[w];
      tokens[w] = await cloud.login(username, DEMO_ACCOUNTS[username].password, tenantId);
      ids[w] = await cloud.userId(username, tenantId);
    }
    take({ cloud, ids, ...tokens } as SignedIn<W>);
  }, SETUP_MS);
  afterAll(() => cloud?.close());
}

/**
 * The inspection tasks' daily counts as the writers kept them and as the tasks count now (rows whose
 * counts are all zero left out), in one order: equal when every writer of `robot_tasks` kept them.
 */
export async function taskDaysKeptAndCounted(db: Db) {
  const day = sql<string>`((${robotTasks.slotAt} at time zone 'UTC')::date)::text`;
  const counted = await db
    .select({
      tenantId: robotTasks.tenantId,
      projectId: robotTasks.projectId,
      day,
      trackId: robotTasks.trackId,
      deviceId: robotTasks.deviceId,
      tasks: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.done}))::int`,
      expired: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.expired}))::int`,
      abnormal: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.abnormal}))::int`,
      timeouts: sql<number>`(count(*) filter (where ${robotTasks.timeout} = 1))::int`,
    })
    .from(robotTasks)
    .groupBy(robotTasks.tenantId, robotTasks.projectId, day, robotTasks.trackId, robotTasks.deviceId);
  const kept = (await db.select().from(robotTaskDays)).filter((r) => r.tasks || r.done || r.expired || r.abnormal || r.timeouts);
  const order = (rows: typeof kept) => rows.map((r) => ({ ...r })).sort((a, b) => `${a.tenantId}|${a.projectId}|${a.day}|${a.trackId}|${a.deviceId}`.localeCompare(`${b.tenantId}|${b.projectId}|${b.day}|${b.trackId}|${b.deviceId}`));
  return { kept: order(kept), counted: order(counted) };
}
