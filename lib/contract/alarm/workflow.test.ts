import { describe, expect, it } from "vitest";
import { ALARM_STATUS } from "./enums";
import { nextStatus, operBody, stepsFrom, TRANSITIONS } from "./workflow";

const { pending, handling, review, handled, cleared } = ALARM_STATUS;

describe("alarm workflow", () => {
  it("moves pending → handling → awaiting review → handled, or back to handling when not approved", () => {
    expect(nextStatus(pending, "accept")).toBe(handling);
    expect(nextStatus(handling, "handle")).toBe(review);
    expect(nextStatus(review, "approve")).toBe(handled);
    expect(nextStatus(review, "reject")).toBe(handling);
  });

  it("clears only pending alarms and closes only open ones", () => {
    expect([pending, handling, review, handled, cleared].map((s) => nextStatus(s, "clear"))).toEqual([cleared, null, null, null, null]);
    expect([pending, handling, review, handled, cleared].map((s) => nextStatus(s, "close"))).toEqual([handled, handled, handled, null, null]);
  });

  it("offers nothing on a finished alarm and exactly the allowed steps otherwise", () => {
    expect(stepsFrom(handled)).toEqual([]);
    expect(stepsFrom(cleared)).toEqual([]);
    expect(stepsFrom(pending).sort()).toEqual(["accept", "clear", "close"]);
    expect(stepsFrom(review).sort()).toEqual(["approve", "close", "reject"]);
    // Every transition ends in a status of the dictionary.
    for (const t of Object.values(TRANSITIONS)) expect(Object.values(ALARM_STATUS)).toContain(t.to);
  });

  it("asks handling for its comments and a review for its result", () => {
    expect(operBody.safeParse({ id: 1, operType: "handle" }).success).toBe(false);
    expect(operBody.safeParse({ id: 1, operType: "handle", remark: "done" }).data).toEqual({ id: 1, operType: "handle", remark: "done", files: [] });
    expect(operBody.safeParse({ id: 1, operType: "review", checkResult: "3" }).success).toBe(false);
    expect(operBody.safeParse({ id: 1, operType: "review", checkResult: "2" }).data).toMatchObject({ checkResult: 2 });
    expect(operBody.safeParse({ id: 1, operType: "fly" }).success).toBe(false);
  });
});
