import { COMPARE_RANGE, type AlarmCondition } from "@/lib/contract/alarm/enums";

type Compared = Pick<AlarmCondition, "compareType" | "threshold" | "minValue" | "maxValue" | "deadband">;

/** Whether a value crosses the condition (compare operators 1 >, 2 >=, 3 <, 4 <=, 5 outside min–max). */
export function crosses(c: Compared, v: number): boolean {
  const th = c.threshold;
  switch (c.compareType) {
    case 1:
      return th !== null && v > th;
    case 2:
      return th !== null && v >= th;
    case 3:
      return th !== null && v < th;
    case 4:
      return th !== null && v <= th;
    case COMPARE_RANGE:
      return (c.minValue !== null && v < c.minValue) || (c.maxValue !== null && v > c.maxValue);
    default:
      return false;
  }
}

/**
 * Whether an alarmed value is back in range: it must clear the line by the dead band (hysteresis),
 * so a value hovering at the threshold does not raise and recover at every sample.
 */
export function recovers(c: Compared, v: number): boolean {
  const d = c.deadband;
  switch (c.compareType) {
    case 1:
    case 2:
      return !crosses(c, v + d);
    case 3:
    case 4:
      return !crosses(c, v - d);
    case COMPARE_RANGE:
      return !crosses(c, v - d) && !crosses(c, v + d);
    default:
      return true;
  }
}

/** The condition as the alarm's text shows it, e.g. "> 12.5" or "∉ [−5, 5]". */
export function conditionText(c: Compared): string {
  const ops: Record<number, string> = { 1: ">", 2: "≥", 3: "<", 4: "≤" };
  return c.compareType === COMPARE_RANGE ? `∉ [${c.minValue ?? "-∞"}, ${c.maxValue ?? "∞"}]` : `${ops[c.compareType] ?? "?"} ${c.threshold ?? ""}`;
}
