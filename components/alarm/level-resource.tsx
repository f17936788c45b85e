"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { alarmLevel, alarmLevelApi, type AlarmLevel } from "@/lib/contract/alarm/level";
import { LevelBadge } from "./level-badge";

/** Alarm levels (levelSet): number 1–9, name, colour; the colour marks the level across the console. */
export const levelResource = defineResource<AlarmLevel>({
  entity: alarmLevel,
  calls: alarmLevelApi,
  columns: {
    levelNum: { width: 90 },
    levelName: { render: (r) => <LevelBadge name={r.levelName} color={r.color} />, minWidth: 160 },
    color: { render: (r) => <code className="text-xs">{r.color}</code> },
  },
  form: { placeholders: ["levelName"], fields: { levelNum: { hint: "hints.levelNum" } }, defaults: { color: "#e5484d" } },
  rowActions: ["edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const LevelList = resourcePage(levelResource);
