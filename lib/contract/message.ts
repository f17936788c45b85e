import { z } from "zod";
import { pageQuery } from "./page-query";

/** Read status 0 unread, 1 read; to-do status 1 pending, 2 awaiting review, 3 handled (core §4). */
export const READ_STATUS = [0, 1] as const;
export const TODO_STATUS = [1, 2, 3] as const;
/** ala: an alarm; alaManual: a manual alarm; notice: anything else. */
export const MSG_TYPES = ["ala", "alaManual", "notice"] as const;

const optionalStatus = <T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : Number(v)), z.number().refine((n) => values.includes(n), "validation.invalidOption").optional());

export const stationQuery = pageQuery.extend({ readStatus: optionalStatus(READ_STATUS) });
export const todoQuery = pageQuery.extend({ todoStatus: optionalStatus(TODO_STATUS) });
export const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, "validation.minItems").max(500, "validation.maxItems") });
export const idQuery = z.object({ id: z.coerce.number({ error: "validation.required" }).int().positive() });

/** One to-do or message as the console shows it (core §3). */
export type MessageItem = {
  id: number;
  msgTitle: string;
  msgContent: string;
  msgType: (typeof MSG_TYPES)[number];
  bizId: number | null;
  createTime: string;
  readStatus?: number;
  todoStatus?: number;
};
