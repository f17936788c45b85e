import type { EnabledRule } from "../db/queries/alarms";

type Bound = { at: number; rule: EnabledRule };

/**
 * The value rules one device answers to on one property, indexed by where they cross (issue 41):
 * a plain-value rule crosses only above its lowest upper line or below its highest lower line, so
 * the rules a value can cross are a prefix of each list, found by binary search. A value then costs
 * the rules it crosses and the rules alarmed now (whose recovery it decides) — not every rule on
 * the property. Rules on derived values (totals, rates…) cannot be placed and are always asked.
 */
export class PropertyRules {
  /** Rules by their lowest upper line, ascending. */
  private readonly above: Bound[] = [];
  /** Rules by their highest lower line, descending. */
  private readonly below: Bound[] = [];
  private readonly always: EnabledRule[] = [];
  /** Each rule's place in the rule list: candidates are evaluated in the same order as all rules were. */
  private readonly order = new Map<number, number>();
  readonly byId = new Map<number, EnabledRule>();

  constructor(rules: readonly EnabledRule[]) {
    rules.forEach((rule, i) => {
      this.order.set(rule.id, i);
      this.byId.set(rule.id, rule);
      if (rule.statType !== "not") return void this.always.push(rule);
      let up = Infinity;
      let down = -Infinity;
      for (const c of rule.conditions) {
        const th = typeof c.threshold === "number" ? c.threshold : null;
        if ((c.compareType === 1 || c.compareType === 2) && th !== null) up = Math.min(up, th);
        else if ((c.compareType === 3 || c.compareType === 4) && th !== null) down = Math.max(down, th);
        else if (c.compareType === 5) {
          if (typeof c.maxValue === "number") up = Math.min(up, c.maxValue);
          if (typeof c.minValue === "number") down = Math.max(down, c.minValue);
        }
      }
      if (up < Infinity) this.above.push({ at: up, rule });
      if (down > -Infinity) this.below.push({ at: down, rule });
    });
    this.above.sort((a, b) => a.at - b.at);
    this.below.sort((a, b) => b.at - a.at);
  }

  get size() {
    return this.order.size;
  }

  /**
   * The rules worth evaluating for `v`: those whose line it reaches (the line itself included, so
   * `>=` / `<=` are never missed; the evaluation decides exactly), the derived-value rules and
   * `active` (alarmed now), in rule order.
   */
  candidates(v: number, active: Iterable<number>): EnabledRule[] {
    const picked = new Set<EnabledRule>(this.always);
    for (let i = 0, n = prefix(this.above, (b) => b.at <= v); i < n; i++) picked.add(this.above[i].rule);
    for (let i = 0, n = prefix(this.below, (b) => b.at >= v); i < n; i++) picked.add(this.below[i].rule);
    for (const id of active) {
      const r = this.byId.get(id);
      if (r) picked.add(r);
    }
    return picked.size < 2 ? [...picked] : [...picked].sort((a, b) => this.order.get(a.id)! - this.order.get(b.id)!);
  }
}

/** The length of the prefix of `list` whose entries pass `ok` (which holds for a prefix, then never). */
function prefix(list: Bound[], ok: (b: Bound) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
