import { ACTIVE_TIME, ONLINE_TYPE, TACTIC, TERM_TYPE, TRIGGER_MODE, type CompareSymbol } from "@/lib/contract/linkage/enums";
import type { Action, ActiveWindow, Trigger } from "@/lib/contract/linkage/rule";

/** Whether `v` satisfies a compare symbol (1 =, 2 >, 3 <, 4 >=, 5 <=, 6 (a,b), 7 [a,b], 8 [a,b), 9 (a,b]). */
export function compare(symbol: CompareSymbol, v: number, a: number, b: number | undefined): boolean {
  const hi = b ?? a;
  switch (symbol) {
    case 1:
      return v === a;
    case 2:
      return v > a;
    case 3:
      return v < a;
    case 4:
      return v >= a;
    case 5:
      return v <= a;
    case 6:
      return v > a && v < hi;
    case 7:
      return v >= a && v <= hi;
    case 8:
      return v >= a && v < hi;
    case 9:
      return v > a && v <= hi;
  }
}

const SYMBOL_TEXT: Record<CompareSymbol, string> = { 1: "=", 2: ">", 3: "<", 4: "≥", 5: "≤", 6: "∈ (", 7: "∈ [", 8: "∈ [", 9: "∈ (" };
const CLOSE_TEXT: Partial<Record<CompareSymbol, string>> = { 6: ")", 7: "]", 8: ")", 9: "]" };
/** "angleX > 0.5", "angleX ∈ [1, 2)": the condition in a log or a list. */
export function symbolText(symbol: CompareSymbol, a: number, b?: number): string {
  const close = CLOSE_TEXT[symbol];
  return close ? `${SYMBOL_TEXT[symbol]}${a}, ${b ?? a}${close}` : `${SYMBOL_TEXT[symbol]} ${a}`;
}

/** Platform wall-clock (UTC+8, no daylight saving): ISO weekday 1–7 and "HH:mm". */
function platformClock(at: Date) {
  const z = new Date(at.getTime() + 8 * 3_600_000);
  const day = z.getUTCDay() || 7;
  const hhmm = `${String(z.getUTCHours()).padStart(2, "0")}:${String(z.getUTCMinutes()).padStart(2, "0")}`;
  return { day, hhmm };
}

/** Whether a rule is active at `at`: always, or inside one of its weekly windows (end inclusive to the minute). */
export function isActive(activeTime: number, windows: readonly ActiveWindow[], at: Date): boolean {
  if (activeTime !== ACTIVE_TIME.specified) return true;
  const { day, hhmm } = platformClock(at);
  return windows.some((w) => w.days.includes(day) && hhmm >= w.start && hhmm <= w.end);
}

/** What a property trigger has seen: the latest value, and since when the condition has held without a break. */
export type PropertyState = { value: number; at: Date; heldSince: Date | null };

/** Feeds a value to a property trigger's state (values older than the latest are ignored: out-of-order replays). */
export function observe(tr: Extract<Trigger, { termType: 1 }>, state: PropertyState | undefined, value: number, at: Date): PropertyState {
  if (state && at < state.at) return state;
  const holds = compare(tr.symbol, value, tr.value, tr.value2);
  return { value, at, heldSince: holds ? (state?.heldSince ?? at) : null };
}

/** Whether a property trigger holds at `now`: its condition held long enough, and its latest value is still valid. */
export function propertyHolds(tr: Extract<Trigger, { termType: 1 }>, state: PropertyState | undefined, now: Date, validitySec: number | null | undefined): boolean {
  if (!state?.heldSince) return false;
  if (validitySec && now.getTime() - state.at.getTime() > validitySec * 1000) return false;
  return state.at.getTime() - state.heldSince.getTime() >= (tr.durationSec ?? 0) * 1000;
}

/** Whether a status change matches a device-state trigger (2 online, 3 offline). */
export function stateMatches(onlineType: number, status: number): boolean {
  if (onlineType === ONLINE_TYPE.up) return status === 2;
  if (onlineType === ONLINE_TYPE.down) return status === 3;
  return status === 2 || status === 3;
}

/**
 * The rule's verdict on an event: `holds(i)` says whether trigger i holds now. A timer or a state
 * change holds only at the moment it happens (`current`), so under "all" such a trigger can only
 * complete a rule when it is the event itself.
 */
export function combine(mode: number, triggers: readonly Trigger[], holds: (i: number) => boolean): boolean {
  if (!triggers.length) return false;
  return mode === TRIGGER_MODE.any ? triggers.some((_, i) => holds(i)) : triggers.every((_, i) => holds(i));
}

/**
 * Repeat-suppress: a rule that fired less than N minutes ago does not fire again, even if its
 * condition dipped and came back (a value hovering at the line would otherwise fire it on every
 * return); normal rules always do.
 */
export function suppressed(tactic: number, suppressMinutes: number | null | undefined, lastFired: Date | null, now: Date): boolean {
  if (tactic !== TACTIC.suppress || !lastFired) return false;
  return now.getTime() - lastFired.getTime() < (suppressMinutes ?? 0) * 60_000;
}

/**
 * The save-time loop guard: a device action that sets a property one of the rule's own property
 * triggers watches (same device, same identifier) would fire the rule again by its own doing.
 * Returns the looping identifiers as "device:identifier".
 */
export function loopsOf(triggers: readonly Trigger[], actions: readonly Action[]): string[] {
  const watched = new Set(triggers.filter((t) => t.termType === TERM_TYPE.property).map((t) => `${t.deviceId}:${(t as { identifier: string }).identifier}`));
  const out: string[] = [];
  for (const a of actions) {
    if (a.actionType !== 1 || a.cmdType !== "property") continue;
    for (const key of Object.keys(a.params)) if (watched.has(`${a.deviceId}:${key}`)) out.push(`${a.deviceId}:${key}`);
  }
  return out;
}

/**
 * The run-time loop guard: a sliding window of fire times. More than `max` fires within
 * `windowMs` trips it (a loop through another rule or a device echoing its commands).
 */
export class FireRateBreaker {
  private readonly fires = new Map<number, number[]>();
  constructor(
    readonly max = 20,
    readonly windowMs = 60_000,
  ) {}

  /** Records a fire of a rule; true when the rule now fires faster than allowed. */
  trip(ruleId: number, at: number): boolean {
    const list = (this.fires.get(ruleId) ?? []).filter((t) => at - t < this.windowMs);
    list.push(at);
    this.fires.set(ruleId, list);
    return list.length > this.max;
  }

  reset(ruleId: number) {
    this.fires.delete(ruleId);
  }
}
