"use client";

import { alarmCoreApi } from "@/lib/contract/alarm/alarm-center";
import { todoApi } from "@/lib/contract/message";
import { FormDialog, useNsLabel, type FormField } from "@/components/kit";

/**
 * The workflow's forms (core §4), shared by the alarm detail page, the alarm list and the to-do
 * centre: accepting, the handling result with its attachments, the review, closing with a
 * reason and clearing, each with its remark. Labels under
 * `alarm.alarmCentre`; the bodies are the contract's, checked here and again in the cloud.
 */
export type WorkflowAction = "accept" | "handle" | "review" | "close" | "clear";

const remark: FormField = { name: "remark", label: "fields.remark", type: "textarea" };
const FIELDS: Record<WorkflowAction, FormField[]> = {
  accept: [remark],
  clear: [remark],
  handle: [
    { ...remark, label: "fields.handleRemark", required: true },
    { name: "files", label: "fields.handleFiles", type: "document", purpose: "alarmResponse", multiple: true, limit: 5 },
  ],
  review: [{ name: "checkResult", label: "fields.checkResult", type: "radio", dict: "checkResult", required: true }, remark],
  close: [{ name: "closeReason", label: "fields.closeReason", type: "radio", dict: "alarmCloseReason", required: true }, remark],
};
const DEFAULTS: Record<WorkflowAction, Record<string, unknown>> = {
  accept: { remark: "" },
  clear: { remark: "" },
  handle: { remark: "", files: [] },
  review: { checkResult: 1, remark: "" },
  close: { closeReason: 2, remark: "" },
};

type Props = {
  action: WorkflowAction;
  /** The alarm (`alarm/core/*`) or the to-do (`msg/todo/*`) the step is taken on. */
  target: { kind: "alarm" | "todo"; id: number };
  onClose: () => void;
  onDone: () => Promise<unknown> | void;
};

/** The call each action makes, from an alarm or from a to-do, and what the form adds to its body. */
function callOf(action: WorkflowAction, kind: "alarm" | "todo") {
  const made = kind === "todo" ? (action === "review" ? todoApi.addCheck : todoApi.addOper) : action === "close" ? alarmCoreApi.close : alarmCoreApi.oper;
  return { made, extra: made === alarmCoreApi.oper ? { operType: action } : {} };
}

export function WorkflowDialog({ action, target, onClose, onDone }: Props) {
  const t = useNsLabel("alarm.alarmCentre");
  const { made, extra } = callOf(action, target.kind);
  return (
    <FormDialog
      title={t(`actions.${action}`)}
      fields={FIELDS[action]}
      schema={made.input}
      call={made}
      defaults={DEFAULTS[action]}
      extra={{ ...extra, id: target.id }}
      label={t}
      onClose={onClose}
      onDone={onDone}
      testId={`workflow-${action}`}
    />
  );
}
