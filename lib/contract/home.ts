/**
 * `stat/home/summary` (the built-in cloud's own call, see README "Home"): what a tenant user's home
 * shows, over the projects the caller may see. Days are the platform's (UTC+8), oldest first.
 */
export type HomeSummary = {
  projectNums: number;
  /** Devices by status (core §4): 1 inactive, 2 online, 3 offline. */
  devices: { total: number; inactive: number; online: number; offline: number };
  /** Open alarms (pending, handling, awaiting review) per level, highest level first. */
  alarmLevels: { levelNum: number | null; levelName: string | null; color: string | null; count: number }[];
  /** The last `HOME_DAYS` days: alarms raised and values received (telemetry rows) per day. */
  days: { day: string; alarms: number; values: number }[];
  /** Projects with a position, for the projects map. */
  projects: HomeProject[];
};

export type HomeProject = {
  id: number;
  prjName: string;
  prjAddress: string | null;
  lng: number;
  lat: number;
  online: number;
  offline: number;
  openAlarms: number;
};

/** The home chart's span in days, today included. */
export const HOME_DAYS = 7;
