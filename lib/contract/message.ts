import { z } from "zod";
import { defineEntity, keyField } from "./entity";
import { READ_STATUS, TODO_STATUS, MSG_TYPES } from "./enums";


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

/** `msg/station/currUser/nums`. */
export type StationNums = { unread: number; total: number };
/** `msg/todo/nums`: the caller's to-dos per status. */
export type TodoNums = { pending: number; review: number; handled: number };
/** `msg/station/getUpDownId`: the next newer (up) and next older (down) message. */
export type UpDown = { upId: number | null; downId: number | null };
