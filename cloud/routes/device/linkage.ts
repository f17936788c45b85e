import { eq, inArray } from "drizzle-orm";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import { previewCron } from "@/lib/contract/cron";
import { COMMAND_STATUS, SEND_PERM } from "@/lib/contract/device/command";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { fieldLabelKey } from "@/lib/contract/entity";
import { ACTION_STATUS, ACTION_TYPE, TERM_TYPE } from "@/lib/contract/linkage/enums";
import { linkageLog, type ActionResult, type LinkageLogRow } from "@/lib/contract/linkage/log";
import { linkageApi, linkageLogApi } from "@/lib/contract/linkage/api";
import { isPadControl, PAD_REPEAT_MS, PAD_SERVICE, PAD_TIMEOUT_S, PAD_VALUE, padControl, type PadControl, type PadReply } from "@/lib/contract/linkage/pad";
import { linkageOperate, linkageRule, type LinkageRuleBody, type LinkageRuleRow } from "@/lib/contract/linkage/rule";
import { productThingModel } from "../../db/queries/device-ops";
import { devicesForPicker } from "../../db/queries/devices";
import { alarmContactGroups, alarmContacts, devices, linkageLogs, linkageRules } from "../../db/schema";
import { assertPerm } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { columnsOf, rowMapper } from "../../lib/crud";
import { crudRoutes, OPER_SWITCH } from "../../lib/crud-routes";
import { badRequest, fieldError, notFound, ok, parse } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { maskEntries, sealEntries } from "../../lib/secrets";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { loopsOf } from "../../linkage/condition";
import { localized } from "../../linkage/engine";
import { commandsOf } from "../../ingest/commands";
import { checkedCommand } from "../../lib/command-check";
import { deviceFor, dispatchCommand } from "../../lib/devices";

type Action = LinkageRuleBody["actions"][number];
type WebHeader = Extract<Action, { actionType: 3 }>["headers"][number];
const headersOf = (a: Action): WebHeader[] => (a.actionType === ACTION_TYPE.webService ? a.headers : []);

/** Actions as answered: the web calls' secret headers masked. */
const maskActions = (actions: Action[]) => actions.map((a) => (a.actionType === ACTION_TYPE.webService ? { ...a, headers: maskEntries(a.headers, (h) => h.key) } : a));

/**
 * Actions as stored: the web calls' secret headers sealed. A masked header sent back keeps the
 * stored value of that name, looked up in the same action first (actions may have been removed).
 */
const sealActions = (actions: Action[], stored: Action[] = []) =>
  actions.map((a, i) =>
    a.actionType === ACTION_TYPE.webService ? { ...a, headers: sealEntries(a.headers, [...headersOf(stored[i] ?? a), ...stored.flatMap(headersOf)], (h) => h.key) } : a,
  );

const ruleOverrides = { actions: (r: Record<string, unknown>) => maskActions(r.actions as Action[]) as LinkageRuleRow["actions"] };
const toRow = rowMapper<typeof linkageRule.fields, LinkageRuleRow>(linkageRule, ruleOverrides);

/**
 * What the schema cannot check: every device is the project's, a property trigger watches a
 * property of its device's thing model, a device action is a command its thing model accepts,
 * recipients are the tenant's, and no action sets a property the rule itself watches (a loop).
 */
async function assertRefs(c: Ctx, input: LinkageRuleBody) {
  const db = c.var.deps.db;
  const project = projectOf(c);
  const deviceIds = [
    ...input.triggers.flatMap((t) => (t.termType === TERM_TYPE.timer ? [] : [t.deviceId])),
    ...input.actions.flatMap((a) => (a.actionType === ACTION_TYPE.device ? [a.deviceId] : [])),
  ];
  const found = deviceIds.length ? await db.select({ id: devices.id, productId: devices.productId, name: devices.deviceName }).from(devices).where(project.where(devices, inArray(devices.id, [...new Set(deviceIds)]))) : [];
  const byId = new Map(found.map((d) => [d.id, d]));
  for (const id of deviceIds) if (!byId.has(id)) throw badRequest("cloud.linkage.deviceUnknown", { id });
  const models = new Map<number, Awaited<ReturnType<typeof productThingModel>>>();
  const model = async (productId: number) => models.get(productId) ?? models.set(productId, await productThingModel(db, productId)).get(productId)!;
  for (const t of input.triggers) {
    if (t.termType !== TERM_TYPE.property) continue;
    const d = byId.get(t.deviceId)!;
    if (!(await model(d.productId)).some((f) => f.identifier === t.identifier && f.funcType === FUNC_TYPE.property)) throw badRequest("cloud.linkage.identifierUnknown", { identifier: t.identifier, name: d.name });
  }
  for (const a of input.actions) {
    if (a.actionType === ACTION_TYPE.device) await checkedCommand(c, byId.get(a.deviceId)!.productId, a);
    if (a.actionType !== ACTION_TYPE.notice) continue;
    for (const [type, table] of [
      [LINK_TYPE.contact, alarmContacts],
      [LINK_TYPE.group, alarmContactGroups],
    ] as const) {
      const ids = [...new Set(a.recipients.filter((r) => r.linkType === type).map((r) => r.linkId))];
      if (!ids.length) continue;
      const hit = await db.select({ id: table.id }).from(table).where(tenantScope(c.var.auth).where(table, inArray(table.id, ids)));
      if (hit.length !== ids.length) throw badRequest("cloud.linkage.recipientUnknown");
    }
  }
  input.triggers.forEach((t, i) => {
    if (t.termType === TERM_TYPE.timer && previewCron(t.cron, c.var.deps.now(), { count: 1 }).error) throw fieldError(`triggers.${i}.cron`, "validation.linkage.cron", {}, fieldLabelKey(linkageRule.body, "triggers"));
  });
  const loops = loopsOf(input.triggers, input.actions);
  if (loops.length) throw badRequest("cloud.linkage.loop", { identifier: loops[0].split(":")[1], name: byId.get(Number(loops[0].split(":")[0]))?.name ?? "" });
}

/**
 * A rule's columns, once its references are checked: only what the chosen options use is kept (no
 * windows when always active, no minutes when not suppressing); a new rule records who made it.
 */
async function ruleColumns(c: Ctx, input: LinkageRuleBody, partial: boolean, before?: { actions?: unknown }) {
  await assertRefs(c, input);
  const cols = columnsOf(linkageRule, input) as Partial<typeof linkageRules.$inferInsert>;
  cols.actions = sealActions(input.actions, before?.actions as Action[] | undefined) as typeof cols.actions;
  if (input.activeTime !== 2) cols.activeWindows = [];
  if (input.tactic !== 2) cols.suppressMinutes = null;
  return partial ? cols : { ...cols, createdBy: c.var.auth.userId };
}

/**
 * Linkage rules (device linkage, core §7) of the call's project: page from the contract; add and
 * upd check the rule whole (a rule's triggers and actions are checked together); oper enables or
 * disables; operate runs it now and answers its log row (or, given a device, is the linkage pad:
 * `padOperate`); pageLog / exportLog read the executions.
 * Every change tells the engine, which reads its index again.
 */
export const linkageServed = [
  ...crudRoutes<typeof linkageRule.fields, LinkageRuleRow>({
    table: linkageRules,
    entity: linkageRule,
    calls: { page: linkageApi.page, add: linkageApi.add, upd: linkageApi.upd, del: linkageApi.del, openOrClose: linkageApi.openOrClose },
    values: (c, input, partial, before) => ruleColumns(c, input as LinkageRuleBody, partial, before),
    toRow: ruleOverrides,
    ...OPER_SWITCH,
    afterWrite: (c) => c.var.deps.linkage?.invalidate(),
  }),
  serve(linkageApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const row = await projectRow(c, linkageRules, id);
    // The editor shows recipients by name: the rule keeps only their ids.
    const ids = (type: number) => [...new Set(row.actions.flatMap((a) => (a.actionType === ACTION_TYPE.notice ? a.recipients.filter((r) => r.linkType === type).map((r) => r.linkId) : [])))];
    const [contacts, groups] = await Promise.all([
      ids(LINK_TYPE.contact).length ? db.select({ id: alarmContacts.id, name: alarmContacts.linkName }).from(alarmContacts).where(inArray(alarmContacts.id, ids(LINK_TYPE.contact))) : [],
      ids(LINK_TYPE.group).length ? db.select({ id: alarmContactGroups.id, name: alarmContactGroups.groupName }).from(alarmContactGroups).where(inArray(alarmContactGroups.id, ids(LINK_TYPE.group))) : [],
    ]);
    const names = new Map<string, string>([...contacts.map((x) => [`${LINK_TYPE.contact}:${x.id}`, x.name] as const), ...groups.map((x) => [`${LINK_TYPE.group}:${x.id}`, x.name] as const)]);
    const actions = maskActions(row.actions).map((a) => (a.actionType === ACTION_TYPE.notice ? { ...a, recipients: a.recipients.map((r) => ({ ...r, name: names.get(`${r.linkType}:${r.linkId}`) ?? `#${r.linkId}` })) } : a));
    return { ...toRow(row), actions };
  }),
  // The editor's pickers: the project's devices, and a device's thing model (every property for
  // triggers; writable properties and services for device actions).
  serve(linkageApi.devices, (c) => devicesForPicker(c.var.deps.db, projectOf(c).where(devices), c.var.locale)),
  serve(linkageApi.model, async (c, { deviceId }) => {
    const [d] = await c.var.deps.db.select({ productId: devices.productId }).from(devices).where(projectOf(c).where(devices, eq(devices.id, deviceId)));
    if (!d) throw notFound();
    const model = await productThingModel(c.var.deps.db, d.productId, c.var.locale);
    return { properties: model.filter((f) => f.funcType === FUNC_TYPE.property), services: model.filter((f) => f.funcType === FUNC_TYPE.service) };
  }),
  serve(linkageApi.operate, async (c, input) => {
    // The same call drives the linkage pad when the body names a device (widgets §7).
    if (isPadControl(input)) {
      await assertPerm(c.var.deps.db, c.var.auth, SEND_PERM);
      return padOperate(c, parse(padControl, input));
    }
    await assertPerm(c.var.deps.db, c.var.auth, "dev:linkage:upd");
    const { id } = parse(linkageOperate, input);
    await projectRow(c, linkageRules, id);
    const engine = c.var.deps.linkage;
    if (!engine) throw badRequest("cloud.linkage.noEngine");
    const log = await engine.operate(id, c.var.auth.realname || c.var.auth.username);
    if (!log) throw notFound();
    return ok(c, readable(c, log), "cloud.linkage.operated");
  }),
];

/** Presses this close together are one hold (repeats every 100 ms, with room for a slow network). */
const PAD_HOLD_GAP_MS = PAD_REPEAT_MS * 10;

/**
 * A pad control: a call of the device's `padControl` service through the command path. A press
 * answers at once (the next repeat follows in 100 ms); a release waits for the device's reply and
 * answers it as a JSON string with the device id, or for `stream` the stream URL it gave.
 */
async function padOperate(c: Ctx, input: PadControl) {
  const db = c.var.deps.db;
  const [inProject] = await db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, eq(devices.id, input.deviceId)));
  if (!inProject) throw badRequest("cloud.linkage.deviceUnknown", { id: input.deviceId });
  const device = await deviceFor(c, input.deviceId);
  const model = await productThingModel(db, device.productId);
  if (!model.some((f) => f.identifier === PAD_SERVICE && f.funcType === FUNC_TYPE.service)) throw badRequest("cloud.linkage.padUnsupported", { name: device.name });
  const sent = await dispatchCommand(c, { device, cmdType: "service", identifier: PAD_SERVICE, params: { controlType: input.controlType, controlValue: input.controlValue }, timeoutS: PAD_TIMEOUT_S, foldMs: input.controlValue === PAD_VALUE.press ? PAD_HOLD_GAP_MS : undefined });
  if (input.controlValue === PAD_VALUE.press) return null;
  const done = await commandsOf(c.var.deps.ingest!).wait(sent.id);
  const reply = done?.status === COMMAND_STATUS.success && done.reply ? ((JSON.parse(done.reply) as { params?: PadReply }).params ?? {}) : null;
  if (!reply || (input.controlType === "stream" && !reply.url)) throw badRequest(done?.status === COMMAND_STATUS.timeout ? "cloud.linkage.padNoAnswer" : "cloud.linkage.padFailed", { name: device.name });
  return input.controlType === "stream" ? reply.url! : JSON.stringify({ deviceId: device.id, ...reply });
}

const logToRow = rowMapper<typeof linkageLog.fields, LinkageLogRow>(linkageLog);
/** A log row with what the cloud wrote in its results (refusals, "command sent") in the caller's language. */
const readable = (c: Ctx, row: object): LinkageLogRow => {
  const r = logToRow(row);
  const say = (x: ActionResult) => (x.messageKey ? localized(c.var.locale, x.messageKey, x.messageValues) : null);
  return { ...r, results: (r.results ?? []).map((x) => (x.status === ACTION_STATUS.failed ? { ...x, error: say(x) ?? x.error } : { ...x, response: say(x) ?? x.response })) };
};

/** The executions of the project's rules, newest first: pageLog, infoLog, exportLog. */
export const linkageLogServed = crudRoutes<typeof linkageLog.fields, LinkageLogRow>({
  table: linkageLogs,
  entity: linkageLog,
  calls: linkageLogApi,
  answer: async (c, rows) => rows.map((r) => readable(c, r)),
});
