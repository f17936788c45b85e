import { z } from "zod";
import { defineCall, empty, pageOf, typed } from "./call";
import { idQuery, idsBody } from "./common";
import { defineEntity, keyField } from "./entity";
import { READ_STATUS, TODO_STATUS, MSG_TYPES } from "./enums";
import type { AlarmInfo } from "./alarm/alarm-center";
import { CHECK_PERM, HANDLE_PERM, stepResult, todoCheckBody, todoOperBody } from "./alarm/workflow";

const status = <T extends readonly number[]>(values: T) => z.coerce.number().refine((n) => values.includes(n), "validation.invalidOption");

/** The fields a message and a to-do share (core §3 to-do and message item); the cloud writes them all. */
const itemFields = {
  id: keyField,
  msgTitle: { schema: z.string(), readOnly: true, search: "contains", full: true },
  msgType: { schema: z.enum(MSG_TYPES), readOnly: true, kind: "select", dict: "msgType", search: "eq" },
  msgContent: { schema: z.string(), readOnly: true, kind: "textarea", list: false, full: true },
  /** The alarm an alarm message or to-do is about. */
  bizId: { ...keyField, schema: z.number().nullable() },
  createTime: { kind: "datetime", readOnly: true, column: "createdAt", search: "range", range: ["startTime", "endTime"] },
} as const;

/** An in-site message to the signed-in user (`msg/station`). */
export const stationMessage = defineEntity({
  ns: "alarm.station",
  api: "msg/station/currUser",
  fields: { ...itemFields, readStatus: { schema: status(READ_STATUS), readOnly: true, kind: "status", dict: "readStatus", search: "eq" } },
});

/** A to-do of the signed-in user (`msg/todo`), made and completed by the alarm workflow. */
export const todoItem = defineEntity({
  ns: "alarm.todo",
  api: "msg/todo",
  fields: { ...itemFields, todoStatus: { schema: status(TODO_STATUS), readOnly: true, kind: "status", dict: "todoStatus", search: "eq" } },
});


const count = z.number().int().nonnegative();

/** One to-do or message as the console shows it (core §3). */
export const messageItem = z.object({
  id: z.number().int(),
  msgTitle: z.string(),
  msgContent: z.string(),
  msgType: z.enum(MSG_TYPES),
  bizId: z.number().int().nullable(),
  createTime: z.string(),
  readStatus: z.number().int().optional(),
  todoStatus: z.number().int().optional(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** `msg/station/currUser/nums`. */
export const stationNums = z.object({ unread: count, total: count });
export type StationNums = z.infer<typeof stationNums>;
/** `msg/todo/nums`: the caller's to-dos per status. */
export const todoNums = z.object({ pending: count, review: count, handled: count });
export type TodoNums = z.infer<typeof todoNums>;
/** `msg/station/getUpDownId`: the next newer (up) and next older (down) message. */
export const upDown = z.object({ upId: z.number().int().nullable(), downId: z.number().int().nullable() });
export type UpDown = z.infer<typeof upDown>;

/** `msg/station/*`: the caller's own in-site messages (any signed-in user, their rows only). */
export const stationApi = {
  page: defineCall({ kind: "get", path: "msg/station/currUser/page", input: stationMessage.query, answer: pageOf(messageItem), access: "user", scope: "own" }),
  nums: defineCall({ kind: "get", path: "msg/station/currUser/nums", answer: stationNums, access: "user", scope: "own" }),
  read: defineCall({ kind: "post", path: "msg/station/currUser/read", input: idsBody, answer: empty, access: "user", scope: "own" }),
  readAll: defineCall({ kind: "post", path: "msg/station/currUser/readAll", answer: empty, access: "user", scope: "own" }),
  del: defineCall({ kind: "post", path: "msg/station/currUser/del", input: idsBody, answer: empty, access: "user", scope: "own" }),
  /** Opening a message reads it. */
  info: defineCall({ kind: "get", path: "msg/station/info", input: idQuery, answer: messageItem, access: "user", scope: "own" }),
  upDown: defineCall({ kind: "get", path: "msg/station/getUpDownId", input: idQuery, answer: upDown, access: "user", scope: "own" }),
};

/** `msg/todo/*`: the caller's own to-dos, and the alarm steps taken from them (the workflow's codes). */
export const todoApi = {
  page: defineCall({ kind: "get", path: "msg/todo/page", input: todoItem.query, answer: pageOf(messageItem), access: "user", scope: "own" }),
  nums: defineCall({ kind: "get", path: "msg/todo/nums", answer: todoNums, access: "user", scope: "own" }),
  info: defineCall({ kind: "get", path: "msg/todo/info", input: idQuery, answer: messageItem, access: "user", scope: "own" }),
  /** The alarm a to-do is about, whichever project it is in (one the caller may see). */
  alaInfo: defineCall({ kind: "get", path: "msg/todo/alaInfo", input: idQuery, answer: typed<AlarmInfo>(), access: "user", scope: "own" }),
  addOper: defineCall({ kind: "post", path: "msg/todo/addOper", input: todoOperBody, answer: stepResult, access: { perm: HANDLE_PERM }, scope: "own" }),
  addCheck: defineCall({ kind: "post", path: "msg/todo/addCheck", input: todoCheckBody, answer: stepResult, access: { perm: CHECK_PERM }, scope: "own" }),
};
