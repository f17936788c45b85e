/**
 * Names the seed gives in both languages (`cloud/seed`, through `bilingual`): a screen shows the one of
 * its language, so a spec running in either finds a seeded row by this pattern.
 */
const SEEDED: Record<string, string> = {
  滨江花园二期基坑监测: "Binjiang Garden Phase II foundation pit monitoring",
  滨江花园: "Binjiang Garden",
  "地铁 5 号线隧道结构监测": "Metro Line 5 tunnel structure monitoring",
  演示管理员: "Demo administrator",
  "业主平台转发（示例）": "Forward to the owner platform (example)",
  演示固件: "Demo firmware",
  // Demo devices are named by their product and a number.
  "双轴倾角计-01": "Biaxial tilt meter-01",
  // Thing-model function names (cloud/seed/function-names.ts).
  "Y 轴倾角": "Y-axis tilt",
};

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A seeded name in either language (its Chinese name given), or the text itself when it is not a seeded name. */
export function seededName(zh: string): string | RegExp {
  const en = SEEDED[zh];
  return en ? new RegExp(`${escaped(zh)}|${escaped(en)}`) : zh;
}

/** The same, as a pattern's source (for a pattern built around it). */
export const seededSource = (zh: string) => {
  const n = seededName(zh);
  return typeof n === "string" ? escaped(n) : n.source;
};
