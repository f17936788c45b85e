import { describe, expect, it } from "vitest";
import { inboxHref } from "./inbox";

describe("inbox items", () => {
  it("opens a message by its id", () => {
    expect(inboxHref("messages", { id: 7, msgType: "notice", bizId: null })).toBe("/msg/stationInfo?id=7");
  });

  it("opens an alarm to-do at its alarm, with the alarm type", () => {
    expect(inboxHref("todo", { id: 3, msgType: "ala", bizId: 41 })).toBe("/alarm/alarmCenterInfo?id=41&type=ala");
    expect(inboxHref("todo", { id: 3, msgType: "alaManual", bizId: 42 })).toBe("/alarm/alarmCenterInfo?id=42&type=alaManual");
  });

  it("sends other to-dos, and alarms without a target, to the to-do centre", () => {
    expect(inboxHref("todo", { id: 3, msgType: "notice", bizId: 5 })).toBe("/msg/todo");
    expect(inboxHref("todo", { id: 3, msgType: "ala", bizId: null })).toBe("/msg/todo");
  });
});
