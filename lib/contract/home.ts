import { z } from "zod";
import { defineCall } from "./call";

const count = z.number().int().nonnegative();

export const homeProject = z.object({
  id: z.number().int(),
  prjName: z.string(),
  prjAddress: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  online: count,
  offline: count,
  openAlarms: count,
});
export type HomeProject = z.infer<typeof homeProject>;

/**
 * `stat/home/summary` (the built-in cloud's own call, see README "Home"): what a tenant user's home
 * shows, over the projects the caller may see. Days are the platform's (UTC+8), oldest first.
 */
export const homeSummary = z.object({
  projectNums: count,
  /** Devices by status (core §4): 1 inactive, 2 online, 3 offline. */
  devices: z.object({ total: count, inactive: count, online: count, offline: count }),
  /** Open alarms (pending, handling, awaiting review) per level, highest level first. */
  alarmLevels: z.array(z.object({ levelNum: z.number().int().nullable(), levelName: z.string().nullable(), color: z.string().nullable(), count })),
  /** The last `HOME_DAYS` days: alarms raised and values received (telemetry rows) per day. */
  days: z.array(z.object({ day: z.string(), alarms: count, values: count })),
  /** Projects with a position, for the projects map. */
  projects: z.array(homeProject),
});
export type HomeSummary = z.infer<typeof homeSummary>;

/** The home chart's span in days, today included. */
export const HOME_DAYS = 7;

/** Any signed-in user's home: the chosen project's figures, or those of every project they may see. */
export const homeApi = {
  summary: defineCall({ kind: "get", path: "stat/home/summary", answer: homeSummary, access: "user", scope: "projectOptional" }),
};
