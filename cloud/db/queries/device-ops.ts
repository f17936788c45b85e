import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { functionIn, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Locale } from "@/lib/contract/locale";
import type { I18nName, I18nTexts } from "@/lib/contract/i18n-text";
import type { Auth } from "../../lib/context";
import { containsPattern } from "../../lib/crud";
import { tenantScope } from "../../lib/scope";
import type { Db } from "../client";
import { deviceCommands, devices, productFunctions, products, projects, users } from "../schema";
import { deviceNameIn } from "./names";
import { productNameIn } from "./products";
import { visibleProjects } from "./projects";
import { rawValues } from "./telemetry-raw";
import { rowsOf } from "../../ingest/writer";

/** A device as the command service needs it. */
export type OpsDevice = { id: number; tenantId: number; projectId: number | null; productId: number; sn: string; name: string; enableStatus: number; status: number; reportCycle: number };

export const opsColumns = {
  id: devices.id,
  tenantId: devices.tenantId,
  projectId: devices.projectId,
  productId: devices.productId,
  sn: devices.deviceSn,
  name: devices.deviceName,
  enableStatus: devices.enableStatus,
  status: devices.status,
  reportCycle: devices.reportCycle,
};

/** The device if the caller may operate it: the caller's tenant, and a project the caller sees (or none). */
export async function opsDevice(db: Db, auth: Auth, id: number): Promise<OpsDevice | undefined> {
  const seen = sql`${devices.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(db, auth)})`;
  const [row] = await db
    .select(opsColumns)
    .from(devices)
    .where(tenantScope(auth).where(devices, eq(devices.id, id), or(isNull(devices.projectId), seen)));
  return row;
}

/**
 * A command's names in each language they have, kept with it at sending (the log says what things
 * were called then, in the reader's language): the device's, and the sender's — `sender` when the
 * caller names it (a linkage rule), else the user's name.
 */
export async function commandNames(db: Db, deviceId: number, userId: number | null, sender?: I18nName): Promise<I18nTexts | null> {
  const [row] = await db
    .select({ device: devices.i18n, user: users.i18n })
    .from(devices)
    .leftJoin(users, sql`${users.id} = ${userId ?? 0}`)
    .where(eq(devices.id, deviceId));
  const texts: I18nTexts = {};
  if (row?.device?.deviceName) texts.deviceName = row.device.deviceName;
  const by = sender ?? row?.user?.realname;
  if (by && Object.keys(by).length) texts.sentByName = by;
  return Object.keys(texts).length ? texts : null;
}

/** A product's thing-model functions, in their order; named in `locale` when they are shown. */
export async function productThingModel(db: Db, productId: number, locale?: Locale): Promise<ThingFunction[]> {
  const rows = await db.select({ definition: productFunctions.definition }).from(productFunctions).where(eq(productFunctions.productId, productId)).orderBy(productFunctions.sort, productFunctions.id);
  return rows.map((r) => (locale ? functionIn(locale, r.definition) : r.definition));
}

/** The newest command of a kind on a device (the cycle panel's "last command"). */
export async function lastCommand(db: Db, deviceId: number, cmdType: string) {
  const [row] = await db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.cmdType, cmdType)))
    .orderBy(desc(deviceCommands.sentAt), desc(deviceCommands.id))
    .limit(1);
  return row;
}

/** Devices the caller may operate, by name or SN, for the debugging screen's picker. */
export async function opsDevices(db: Db, auth: Auth, keyword: string | undefined, limit: number, locale: Locale) {
  const seen = sql`${devices.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(db, auth)})`;
  const match = keyword ? or(ilike(devices.deviceName, containsPattern(keyword)), ilike(deviceNameIn(locale), containsPattern(keyword)), ilike(devices.deviceSn, containsPattern(keyword))) : undefined;
  return db
    .select({ ...opsColumns, name: deviceNameIn(locale), prodName: productNameIn(locale) })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantScope(auth).where(devices, or(isNull(devices.projectId), seen), match))
    .orderBy(devices.deviceSn)
    .limit(limit);
}

export async function productName(db: Db, productId: number, locale: Locale): Promise<string | null> {
  const [p] = await db.select({ name: productNameIn(locale) }).from(products).where(eq(products.id, productId));
  return p?.name ?? null;
}

/** A project's devices (id, name, SN) in the caller's tenant, for pickers. */
export async function projectDevices(db: Db, auth: Auth, projectId: number, locale: Locale) {
  return db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn })
    .from(devices)
    .where(tenantScope(auth).where(devices, eq(devices.projectId, projectId)))
    .orderBy(deviceNameIn(locale), devices.id);
}

/** A device's newest `limit` values of one property, oldest first. */
export async function latestValues(db: Db, deviceId: number, identifier: string, limit: number) {
  const rows = rowsOf(await db.execute(sql`select ts, num, txt from (${rawValues({ device: deviceId, identifier, order: "desc", limit })}) t order by ts desc`));
  return rows.map((r) => ({ ts: new Date(r.ts as string), num: r.num === null ? null : Number(r.num), txt: r.txt === null ? null : String(r.txt) })).reverse();
}
