import { z } from "zod";
import { defineCall } from "../call";

/**
 * Data retention (issue 41): how long raw values are kept, per tenant with a per-project override.
 * Raw values live in monthly partitions that are dropped whole; the roll-ups outlive them (hourly
 * for `HOURLY_KEEP_MONTHS`, then daily for ever), so charts of older periods are drawn from them.
 */

/** Raw values are kept this many whole months before the current one unless a tenant says otherwise. */
export const DEFAULT_RAW_MONTHS = 13;
/** Hourly roll-ups are kept this many months, then folded into the daily roll-up, kept for ever. */
export const HOURLY_KEEP_MONTHS = 60;
/** The choices the screen offers; `null` keeps raw values for ever. */
export const RAW_MONTH_CHOICES = [1, 3, 6, 12, 13, 24, 36, 60, 120] as const;

/** Months of raw values to keep (`null`: for ever). */
export const rawMonths = z.number().int().min(1, "validation.invalidOption").max(120, "validation.invalidOption").nullable();
/** A calendar month, `YYYY-MM`. */
export const monthName = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "validation.invalidOption");

export const retentionProject = z.object({
  projectId: z.number().int(),
  prjName: z.string(),
  /** Whether the project has its own setting; otherwise `rawMonths` is the tenant's. */
  override: z.boolean(),
  rawMonths,
  /** The first month whose raw values the project keeps (`null`: all of them). */
  keptFrom: monthName.nullable(),
});

/** `GET sys/retention/info`: what the caller's tenant keeps. */
export const retentionSettings = z.object({
  rawMonths,
  /** Whether `rawMonths` is the platform's default (the tenant never chose). */
  isDefault: z.boolean(),
  keptFrom: monthName.nullable(),
  projects: z.array(retentionProject),
  hourlyMonths: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const retentionOverride = z.object({ projectId: z.number().int().positive(), rawMonths });

/** The settings to apply: the tenant's months and the projects that differ (the others follow the tenant). */
export const retentionChange = z.object({
  rawMonths,
  overrides: z.array(retentionOverride).max(1000),
});
export type RetentionChange = z.infer<typeof retentionChange>;

/** `POST sys/retention/save`: the change and the months it deletes, as the caller was shown them. */
export const retentionSave = retentionChange.extend({ confirmMonths: z.array(monthName).max(1200).default([]) });

/** `POST sys/retention/preview`: the months whose raw values the change would delete (values stored there, oldest first). */
export const retentionPreview = z.object({ months: z.array(monthName) });
export type RetentionPreview = z.infer<typeof retentionPreview>;

export const RETENTION_SCREEN = "/systemSet/retention";

/** sys/retention: the tenant's data retention (a save that deletes data must name the months it deletes). */
export const retentionApi = {
  info: defineCall({ kind: "get", path: "sys/retention/info", answer: retentionSettings, access: { menu: [RETENTION_SCREEN] } }),
  preview: defineCall({ kind: "post", path: "sys/retention/preview", input: retentionChange, answer: retentionPreview, access: { menu: [RETENTION_SCREEN] } }),
  save: defineCall({ kind: "post", path: "sys/retention/save", input: retentionSave, answer: retentionSettings, access: { perm: "sys:retention:save" } }),
};
