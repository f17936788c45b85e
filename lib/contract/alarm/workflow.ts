import { z } from "zod";
import { dbId } from "../common";
import { text, textRequired } from "../validation";
import { ALARM_STATUS, ALARM_STEPS, CHECK_RESULTS, type AlarmEscalation } from "./enums";

/**
 * The alarm workflow of core §4: pending → handling (accept) → awaiting review (handling result)
 * → handled when the review approves, back to handling when it does not; close with a reason from
 * any open state; clear only from pending. The cloud enforces it; the console offers only the steps
 * `nextStatus` allows.
 */
export type AlarmStatus = (typeof ALARM_STATUS)[keyof typeof ALARM_STATUS];
/** Handling an alarm (accept, handle, close, clear) and reviewing a handling result: the codes of the workflow's two roles. */
export const HANDLE_PERM = "alarm:core:oper";
export const CHECK_PERM = "alarm:core:check";

/** What a step answers: the alarm and the status it is in now. */
export const stepResult = z.object({ id: z.number().int(), status: z.number().int() });

/** Close reason 1 false alarm, 2 normal completion. */
export const CLOSE_REASONS = [1, 2] as const;

export type AlarmStep = (typeof ALARM_STEPS)[number];
export type Move = Exclude<AlarmStep, "raise" | "edit" | "escalate">;

const { pending, handling, review, handled, cleared } = ALARM_STATUS;
export const TRANSITIONS: Record<Move, { from: readonly AlarmStatus[]; to: AlarmStatus }> = {
  accept: { from: [pending], to: handling },
  handle: { from: [handling], to: review },
  approve: { from: [review], to: handled },
  reject: { from: [review], to: handling },
  close: { from: [pending, handling, review], to: handled },
  clear: { from: [pending], to: cleared },
};

/** The status a step leads to from `status`, or null when the workflow does not allow it. */
export function nextStatus(status: number, step: Move): AlarmStatus | null {
  const t = TRANSITIONS[step];
  return (t.from as readonly number[]).includes(status) ? t.to : null;
}

/** The steps offered on an alarm in `status`. */
export const stepsFrom = (status: number): Move[] => (Object.keys(TRANSITIONS) as Move[]).filter((s) => nextStatus(status, s) !== null);

/** Core §9: alarm attachments up to 5 files of 10 MB, 5 images, 2 videos of 50 MB; response attachments 10 MB. */
export const ATTACHMENT_LIMITS = { files: 5, images: 5, videos: 2 } as const;
const paths = (max: number) => z.array(z.string().trim().min(1).max(500)).max(max, "validation.maxItems").default([]);
export const attachments = z.object({ images: paths(ATTACHMENT_LIMITS.images), videos: paths(ATTACHMENT_LIMITS.videos), files: paths(ATTACHMENT_LIMITS.files) });
export type Attachments = z.infer<typeof attachments>;
export const NO_ATTACHMENTS: Attachments = { images: [], videos: [], files: [] };

const choice = <T extends readonly number[]>(values: T) =>
  z.coerce.number({ error: "validation.required" }).refine((n) => (values as readonly number[]).includes(n), "validation.invalidOption");

/** The operations of `alarm/core/oper`: accept, submit the handling result, review it, or clear a pending alarm. */
export const OPER_TYPES = ["accept", "handle", "review", "clear"] as const;
export type OperType = (typeof OPER_TYPES)[number];

const remark = text(500);
/** `alarm/core/oper`. Handling needs its comments; a review needs its result. */
export const operBody = z.discriminatedUnion("operType", [
  z.object({ id: dbId, operType: z.literal("accept"), remark }),
  z.object({ id: dbId, operType: z.literal("handle"), remark: textRequired(500), files: paths(ATTACHMENT_LIMITS.files) }),
  z.object({ id: dbId, operType: z.literal("review"), checkResult: choice(CHECK_RESULTS), remark }),
  z.object({ id: dbId, operType: z.literal("clear"), remark }),
], { error: "validation.invalidOption" });
export type OperBody = z.infer<typeof operBody>;

/** `alarm/core/close`: a reason, and a remark. */
export const closeBody = z.object({ id: dbId, closeReason: choice(CLOSE_REASONS), remark });
export type CloseBody = z.infer<typeof closeBody>;

/** `msg/todo/addOper`: the handling result of a to-do's alarm (accepting it first when still pending). */
export const todoOperBody = z.object({ id: dbId, remark: textRequired(500), files: paths(ATTACHMENT_LIMITS.files) });
/** `msg/todo/addCheck`: the review of a to-do's alarm. */
export const todoCheckBody = z.object({ id: dbId, checkResult: choice(CHECK_RESULTS), remark });
export type TodoOperBody = z.infer<typeof todoOperBody>;
export type TodoCheckBody = z.infer<typeof todoCheckBody>;

/** One step of an alarm's timeline (`alarm/core/info` → `operations`). */
export type AlarmOperation = {
  id: number;
  step: AlarmStep;
  fromStatus: number | null;
  toStatus: number;
  userName: string;
  remark: string | null;
  closeReason: number | null;
  attachments: Attachments;
  /** An escalation step: the value that reached the level, the level (named in the caller's language) and its condition. */
  escalation: AlarmEscalation | null;
  createTime: string;
};
