import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField, type RowOf } from "../entity";
import { FIRE_SOURCES, LOG_STATUSES } from "./enums";

const choice = <const T extends readonly number[]>(values: T) => z.coerce.number().refine((n) => values.includes(n), "validation.invalidOption");

/** One action's outcome in an execution: status 1 failed / 2 success, the response or the error, how long it took. */
export type ActionResult = {
  index: number;
  actionType: number;
  status: number;
  /** What the action reached: a device, recipients, a URL. */
  target: string;
  response: string | null;
  error: string | null;
  /** A text the cloud wrote (not the target's answer): its message key and values, read in the reader's language. */
  messageKey?: string | null;
  messageValues?: Record<string, string | number>;
  durationMs: number;
  at: string;
};

/**
 * Linkage log (/linkage/log): one row per execution of a rule — what set it off, each action's
 * outcome, and how long the execution took. Written by the cloud; searched by rule, status and time.
 */
export const linkageLog = defineEntity({
  ns: "linkage.log",
  api: "device/linkage", perm: "dev:linkage", scope: "project",
  fields: {
    id: keyField,
    fireTime: { kind: "datetime", readOnly: true, search: "range", sort: true, range: ["startTime", "endTime"] },
    ruleId: { schema: dbId, kind: "select", search: "eq", list: false, detail: false, export: false },
    ruleName: { kind: "text", readOnly: true },
    source: { schema: choice(FIRE_SOURCES), kind: "select", dict: "linkageSource", readOnly: true },
    triggerText: { kind: "text", readOnly: true },
    logStatus: { schema: choice(LOG_STATUSES), kind: "status", dict: "linkageLogStatus", search: "eq", readOnly: true },
    actionCount: { kind: "number", readOnly: true },
    failedCount: { kind: "number", readOnly: true },
    durationMs: { kind: "number", readOnly: true },
    results: { kind: "custom", readOnly: true, list: false, export: false },
  },
});
export type LinkageLogRow = Omit<RowOf<typeof linkageLog.fields>, "results"> & { results: ActionResult[] };
