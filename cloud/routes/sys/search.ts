import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { pinyin } from "pinyin-pro";
import { OPEN_STATUSES } from "@/lib/contract/alarm/enums";
import { SEARCH_LIMIT, searchApi, type SearchHit, type SearchKind } from "@/lib/contract/search";
import { alarms, devices, pointGroups, projects, simCards } from "../../db/schema";
import { visibleProjects } from "../../db/queries/projects";
import { accessMap } from "../../db/queries/knowledge";
import { alarmName } from "../../db/queries/alarm-names";
import { mayOpen } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { containsPattern, endsWithPattern } from "../../lib/crud";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { t } from "../../lib/i18n";
import { deviceNameIn, projectNameIn } from "../../db/queries/names";
import { joinedText } from "../../lib/i18n-text";

/** How many names of one kind are read to match by pinyin initials (the substring match has no bound but the limit). */
const PINYIN_SCAN = 5000;
const CJK = /[\u4e00-\u9fff]/;

const initialsCache = new Map<string, string>();
/** "cjjc" for 沉降监测 (letters and digits kept as they are). */
export function initialsOf(text: string): string {
  let hit = initialsCache.get(text);
  if (hit === undefined) {
    if (initialsCache.size > 20_000) initialsCache.clear();
    hit = pinyin(text.replace(/\s+/g, ""), { pattern: "first", toneType: "none", type: "array" }).join("").toLowerCase();
    initialsCache.set(text, hit);
  }
  return hit;
}

/** The last digits of an ICCID as read off a card (4 to 20 digits, spaces between groups), or null. */
export function iccidDigits(keyword: string): string | null {
  const digits = keyword.replace(/\s+/g, "");
  return /^\d{4,20}$/.test(digits) ? digits : null;
}

/** A query that may spell pinyin initials: letters only (digits too: "1hcj"). */
const mayBeInitials = (q: string) => /^[a-z0-9]+$/i.test(q);

/** `raw`: the name as stored (Chinese for seeded rows), whose pinyin initials match in either language. */
type Named = { id: number; name: string; raw?: string };

/**
 * Rows of one kind that match: by substring in SQL (any case), then — for a query of letters — by
 * the pinyin initials of Chinese names among the first rows the scope allows. A name matches in
 * the caller's language and as stored.
 */
async function matching<R extends Named>(keyword: string, substring: () => Promise<R[]>, all: () => Promise<R[]>): Promise<R[]> {
  const hits = await substring();
  if (hits.length >= SEARCH_LIMIT || !mayBeInitials(keyword)) return hits.slice(0, SEARCH_LIMIT);
  const q = keyword.toLowerCase();
  const seen = new Set(hits.map((h) => h.id));
  for (const row of await all()) {
    if (hits.length >= SEARCH_LIMIT) break;
    const chinese = [row.raw, row.name].find((n) => n && CJK.test(n));
    if (!seen.has(row.id) && chinese && initialsOf(chinese).includes(q)) hits.push(row);
  }
  return hits;
}

async function search(c: Ctx, keyword: string): Promise<SearchHit[]> {
  const { db } = c.var.deps;
  const auth = c.var.auth;
  const locale = c.var.locale;
  const like = containsPattern(keyword);
  const inVisible = (col: typeof devices.projectId | typeof pointGroups.projectId | typeof alarms.projectId, projectScope: SQL) =>
    inArray(col, db.select({ id: projects.id }).from(projects).where(projectScope));
  const scope = await visibleProjects(db, auth);
  const out: SearchHit[] = [];
  const add = (kind: SearchKind, rows: (Named & { hint: string | null })[], href: (r: Named) => string): void => void out.push(...rows.map((r) => ({ kind, id: r.id, title: r.name, hint: r.hint, href: href(r) })));

  const digits = iccidDigits(keyword);
  const [seeDevices, seePoints, seeAlarms, seeProjects, seeKnowledge, seeCards] = await Promise.all([
    mayOpen(c, "/devices/device", "/devices/allDevices"),
    mayOpen(c, "/pointCorrelation/page"),
    mayOpen(c, "/alarm/alarmCenter"),
    mayOpen(c, "/projects/project"),
    mayOpen(c, "/knowledge"),
    digits ? mayOpen(c, "/sim/sim") : false,
  ]);

  const tasks: Promise<void>[] = [];
  if (seeDevices) {
    const cols = { id: devices.id, name: deviceNameIn(locale), raw: devices.deviceName, sn: devices.deviceSn, project: projectNameIn(locale) };
    const base = () => db.select(cols).from(devices).leftJoin(projects, eq(projects.id, devices.projectId)).where(inVisible(devices.projectId, scope));
    const sub = () =>
      db.select(cols).from(devices).leftJoin(projects, eq(projects.id, devices.projectId))
        .where(and(inVisible(devices.projectId, scope), or(ilike(devices.deviceName, like), ilike(deviceNameIn(locale), like), ilike(devices.deviceSn, like))))
        .orderBy(devices.id).limit(SEARCH_LIMIT);
    tasks.push(
      matching(keyword, sub, () => base().orderBy(devices.id).limit(PINYIN_SCAN)).then((rows) =>
        add("device", rows.map((r) => ({ ...r, hint: [r.sn, r.project].filter(Boolean).join(" · ") })), (r) => `/devices/viewDevice?id=${r.id}`),
      ),
    );
  }
  if (seePoints) {
    const cols = { id: pointGroups.id, name: pointGroups.groupName, kind: pointGroups.monitorKind, project: projectNameIn(locale) };
    const from = () => db.select(cols).from(pointGroups).innerJoin(projects, eq(projects.id, pointGroups.projectId));
    tasks.push(
      matching(
        keyword,
        () => from().where(and(inVisible(pointGroups.projectId, scope), ilike(pointGroups.groupName, like))).orderBy(pointGroups.id).limit(SEARCH_LIMIT),
        () => from().where(inVisible(pointGroups.projectId, scope)).orderBy(pointGroups.id).limit(PINYIN_SCAN),
      ).then((rows) =>
        add("point", rows.map((r) => ({ ...r, hint: [t(locale, `enums.monitorKind.${r.kind}`), r.project].join(" · ") })), (r) => `/pointCorrelation/pointDetails?id=${r.id}`),
      ),
    );
  }
  if (seeAlarms) {
    const name = alarmName(locale);
    const cols = { id: alarms.id, name, device: deviceNameIn(locale), manual: sql<boolean>`${alarms.alarmType} = 2` };
    const open = and(inVisible(alarms.projectId, scope), inArray(alarms.status, [...OPEN_STATUSES]));
    const from = () => db.select(cols).from(alarms).leftJoin(devices, eq(devices.id, alarms.deviceId));
    tasks.push(
      matching(
        keyword,
        () => from().where(and(open, or(ilike(alarms.alarmName, like), ilike(name, like), ilike(devices.deviceName, like), ilike(deviceNameIn(locale), like), ilike(devices.deviceSn, like)))).orderBy(desc(alarms.id)).limit(SEARCH_LIMIT),
        () => from().where(open).orderBy(desc(alarms.id)).limit(PINYIN_SCAN),
      ).then((rows) => {
        const manual = new Map(rows.map((r) => [r.id, r.manual]));
        add("alarm", rows.map((r) => ({ ...r, hint: r.device })), (r) => `/alarm/alarmCenterInfo?id=${r.id}&type=${manual.get(r.id) ? "alaManual" : "ala"}`);
      }),
    );
  }
  if (seeProjects) {
    const cols = { id: projects.id, name: projectNameIn(locale), raw: projects.prjName, hint: joinedText(locale, projects.prjAddress, projects.i18n, "prjAddress") };
    tasks.push(
      matching(
        keyword,
        () => db.select(cols).from(projects).where(and(scope, or(ilike(projects.prjName, like), ilike(projectNameIn(locale), like)))).orderBy(projects.id).limit(SEARCH_LIMIT),
        () => db.select(cols).from(projects).where(scope).orderBy(projects.id).limit(PINYIN_SCAN),
      ).then((rows) => add("project", rows, (r) => `/projects/project?view=${r.id}`)),
    );
  }
  if (seeKnowledge) {
    tasks.push(
      accessMap(db, auth).then(async (map) => {
        const docs = [...map.values()].filter((a) => a.auth && !a.recycled && a.node.fileType === 2).map((a) => ({ id: a.node.id, name: a.node.fileName, hint: map.get(a.path[0])?.node.fileName ?? null }));
        const q = keyword.toLowerCase();
        const rows = await matching(
          keyword,
          async () => docs.filter((d) => d.name.toLowerCase().includes(q)),
          async () => docs,
        );
        add("document", rows, (r) => `/knowledge?node=${r.id}`);
      }),
    );
  }
  if (seeCards && digits) {
    // The tenant's cards whose ICCID ends with the digits (the suffix index), with their carrier, status and device.
    tasks.push(
      db
        .select({ id: simCards.id, name: simCards.iccid, carrier: simCards.carrier, status: simCards.status, device: deviceNameIn(locale) })
        .from(simCards)
        .leftJoin(devices, eq(devices.id, simCards.deviceId))
        .where(tenantScope(auth).where(simCards, sql`reverse(${simCards.iccid}) like ${endsWithPattern(digits)}`))
        .orderBy(simCards.iccid)
        .limit(SEARCH_LIMIT)
        .then((rows) =>
          add("simCard", rows.map((r) => ({ ...r, hint: [t(locale, `enums.simCarrier.${r.carrier}`), t(locale, `enums.simStatus.${r.status}`), r.device].filter(Boolean).join(" · ") })), (r) => `/sim/simInfo?id=${r.id}`),
        ),
    );
  }
  await Promise.all(tasks);
  return out;
}

export const searchServed = [serve(searchApi.global, (c, { keyword }) => search(c, keyword))];
