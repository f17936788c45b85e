"use client";

import type { RowOf } from "@/lib/contract/entity";
import { permsOf } from "@/lib/contract/call";
import { todoApi, todoItem, type MessageItem, type TodoNums } from "@/lib/contract/message";
import { inboxHref } from "@/lib/shell/inbox";
import { defineResource, type ResourceUi, resourcePage } from "@/components/kit";
import { WorkflowDialog } from "@/components/alarm/lazy-workflow-dialog";

type TodoRow = RowOf<typeof todoItem.fields>;
const alarmOf = (r: TodoRow) => inboxHref("todo", { id: r.id as number, msgType: r.msgType as MessageItem["msgType"], bizId: r.bizId ?? null });

/** The to-do's form, opened through the URL (`?handle=<id>`, `?review=<id>`). */
function TodoDialogs({ ui }: { ui: ResourceUi<TodoRow> }) {
  const handle = ui.param("handle");
  const review = ui.param("review");
  const action = handle ? "handle" : review ? "review" : null;
  const id = Number(handle ?? review);
  if (!action || !Number.isInteger(id) || id <= 0) return null;
  return <WorkflowDialog action={action} target={{ kind: "todo", id }} onClose={() => ui.setParam(action, null)} onDone={ui.refresh} />;
}

/**
 * /msg/todo: the signed-in user's to-dos by status (pending, awaiting review, handled), made and
 * completed by the alarm workflow; handling and review can be done from here.
 */
export const todoResource = defineResource<TodoRow>({
  entity: todoItem,
  calls: { page: todoApi.page },
  tabs: {
    prop: "todoStatus",
    dict: "todoStatus",
    items: [{ name: "1" }, { name: "2" }, { name: "3" }],
    countCall: todoApi.nums,
    counts: (n: TodoNums) => ({ "1": n.pending, "2": n.review, "3": n.handled }),
  },
  search: { keyword: "msgTitle", items: { todoStatus: false } },
  columns: {
    msgTitle: { type: "click", minWidth: 240, onClick: (row, ui) => ui.navigate(alarmOf(row)) },
    todoStatus: { tones: { "1": "warning", "2": "default", "3": "secondary" } },
    // "Manual alarm" in English is wider than a dictionary column's default.
    msgType: { width: 130 },
  },
  rowActions: [
    { key: "handle", label: "actions.handle", perm: permsOf(todoApi.addOper)[0], show: (r) => r.todoStatus === 1 && !!r.bizId, onClick: (r, ui) => ui.setParam("handle", r.id as number) },
    { key: "review", label: "actions.review", perm: permsOf(todoApi.addCheck)[0], show: (r) => r.todoStatus === 2 && !!r.bizId, onClick: (r, ui) => ui.setParam("review", r.id as number) },
    { key: "alarm", label: "actions.openAlarm", show: (r) => !!r.bizId, onClick: (r, ui) => ui.navigate(alarmOf(r)) },
  ],
  slots: { dialogs: (ui) => <TodoDialogs ui={ui} /> },
});

export const TodoList = resourcePage(todoResource);
