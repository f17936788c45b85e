import { defaultExpireWarn, expireWarn, type ExpireWarn } from "@/lib/contract/system/company-settings";
import type { Db } from "../db/client";
import { PLATFORM_TENANT_ID } from "./menu-access";
import { loadSetting } from "../db/queries/settings";

export const EXPIRE_WARN_KEY = "expireWarn";
const DAY_MS = 86_400_000;

/** The platform's tenant-expiry warning (expire screen): on/off and how many days ahead. */
export function loadExpireWarn(db: Db): Promise<ExpireWarn> {
  return loadSetting(db, PLATFORM_TENANT_ID, EXPIRE_WARN_KEY, expireWarn, defaultExpireWarn);
}

/** Whole days until a contract ends, counting a day that has begun as one left. */
export function daysLeft(contractEnd: Date, now: Date): number {
  return Math.ceil((contractEnd.getTime() - now.getTime()) / DAY_MS);
}

/** A contract ends at the end of its last day (UTC), so the tenant keeps that whole day. */
export const contractEndOf = (day: string) => new Date(`${day}T23:59:59.999Z`);
export const contractStartOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
