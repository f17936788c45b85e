/** Monitoring report enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/** Report status: 0 generating, 1 generated, 2 failed. Only generated reports download. */
export const REPORT_STATUSES = [0, 1, 2] as const;
export const REPORT_STATUS = { generating: 0, generated: 1, failed: 2 } as const;
/** Report (plan) state: 1 on, 0 off (`statusUpd`). */
export const REPORT_STATES = [1, 0] as const;
export const REPORT_STATE = { on: 1, off: 0 } as const;
/** Report type: 0 weekly, 1 monthly. */
export const REPORT_TYPES = [0, 1] as const;
export const REPORT_TYPE = { weekly: 0, monthly: 1 } as const;
/** Report date type: 0 all day, 1 a custom time window of each day. */
export const REPORT_DATE_TYPES = [0, 1] as const;
export const REPORT_DATE_TYPE = { allDay: 0, custom: 1 } as const;
/** Week days 1 (Monday) to 7 (Sunday); month days 1 to 31 (29–31: the last day of a shorter month). */
export const REPORT_WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const REPORT_MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1) as readonly number[];
/** Review of a generated report: 0 to review, 1 approved (sent to the recipients), 2 returned. */
export const REPORT_REVIEWS = [0, 1, 2] as const;
export const REPORT_REVIEW = { pending: 0, approved: 1, returned: 2 } as const;
/** The files a generated report downloads: the PDF and Word file made when it was generated, and its raw rows (read when downloaded). */
export const REPORT_FORMATS = ["pdf", "docx", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_ENUMS = {
  reportStatus: REPORT_STATUSES,
  reportState: REPORT_STATES,
  reportType: REPORT_TYPES,
  reportDateType: REPORT_DATE_TYPES,
  reportWeekDay: REPORT_WEEK_DAYS,
  reportReview: REPORT_REVIEWS,
} as const;
