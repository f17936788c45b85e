import { z } from "zod";

/**
 * Data blocks of a report template or a custom page: the editor writes each as
 * `<div data-report-block="chart" data-points="12:disp,13:disp" data-warn="5"></div>` in the
 * template's HTML; the cloud replaces it with what the data of the report's period says.
 *  - chart: each point's values over the period (hourly), with the warning value as a line;
 *  - pointTable: per point the first, latest, minimum, maximum and the change over the period, against the warning value;
 *  - alarms: the alarms raised in the period, by level;
 *  - devices: the project's devices by state (online, offline), with the share reporting in the period;
 *  - conclusion: sentences written by rules from the period's data of its points and the project's alarms
 *    (largest change and where, points over the warning / alarm value, trends, gaps, alarms raised and recovered);
 *  - inclinometer: each chosen string's deep-displacement profile (A and B) at `curves` times spread over the period;
 *  - layout: the chosen scene's plan with its placed points coloured by their state in the period;
 *  - inspection: the project's robot inspections of the period per robot, and the abnormal readings.
 */
export const BLOCK_KINDS = ["chart", "pointTable", "alarms", "devices", "conclusion", "inclinometer", "layout", "inspection"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
/** Blocks that name points. */
export const POINT_BLOCKS: readonly BlockKind[] = ["chart", "pointTable", "conclusion"];
/** Blocks that read the project's alarms of the period. */
export const ALARM_BLOCKS: readonly BlockKind[] = ["alarms", "conclusion"];
/** A point: a device's numeric property, written `deviceId:identifier`. */
export const POINT_REF = /^[1-9]\d{0,9}:[A-Za-z0-9_.-]{1,64}$/;
export const MAX_BLOCK_POINTS = 200;
/** Most inclinometer strings in one block, and the curves of a profile (the monitoring screen's 12 at most). */
export const MAX_BLOCK_DEVICES = 20;
export const PROFILE_CURVES = { min: 2, max: 12, default: 5 } as const;
/** A document of blocks (a template, a custom page): at most 200,000 characters of HTML. */
export const DOCUMENT_MAX = 200_000;

export const blockSpec = z.object({
  kind: z.enum(BLOCK_KINDS, "validation.invalidOption"),
  points: z.array(z.string().regex(POINT_REF, "validation.format")).max(MAX_BLOCK_POINTS, "validation.maxItems").default([]),
  warn: z.number().finite().nullable().default(null),
  /** The alarm value (above the warning value): the conclusion names the points over it. */
  alarm: z.number().finite().nullable().default(null),
  /** inclinometer: the strings (device ids) and how many curves each profile draws. */
  devices: z.array(z.number().int().positive()).max(MAX_BLOCK_DEVICES, "validation.maxItems").default([]),
  curves: z.number().int().min(PROFILE_CURVES.min, "validation.min").max(PROFILE_CURVES.max, "validation.max").nullable().default(null),
  /** layout: the scene whose plan it draws. */
  scene: z.number().int().positive().nullable().default(null),
});
export type BlockSpec = z.infer<typeof blockSpec>;

const BLOCK_TAG = /<div\b[^>]*\bdata-report-block="([^"]*)"[^>]*>\s*<\/div>/g;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "";

/** The blocks a template's HTML holds, in order, each with the tag it replaces; a malformed block is left out. */
export function blocksOf(html: string): { tag: string; spec: BlockSpec }[] {
  const out: { tag: string; spec: BlockSpec }[] = [];
  for (const m of html.matchAll(BLOCK_TAG)) {
    const num = (name: string) => {
      const text = attr(m[0], name);
      return text === "" ? null : Number(text);
    };
    const parsed = blockSpec.safeParse({
      kind: m[1],
      points: attr(m[0], "data-points").split(",").map((p) => p.trim()).filter(Boolean),
      warn: num("data-warn"),
      alarm: num("data-alarm"),
      devices: attr(m[0], "data-devices").split(",").map((d) => d.trim()).filter(Boolean).map(Number),
      curves: num("data-curves"),
      scene: num("data-scene"),
    });
    if (parsed.success) out.push({ tag: m[0], spec: parsed.data });
  }
  return out;
}

/** The tag of a block, as the editor writes it. */
export function blockTag(spec: Pick<BlockSpec, "kind" | "points" | "warn"> & Partial<Pick<BlockSpec, "alarm" | "devices" | "curves" | "scene">>): string {
  const opt = (name: string, v: number | null | undefined) => (v === null || v === undefined ? "" : ` data-${name}="${v}"`);
  const devices = spec.devices?.length ? ` data-devices="${spec.devices.join(",")}"` : "";
  return `<div data-report-block="${spec.kind}" data-points="${spec.points.join(",")}"${opt("warn", spec.warn)}${opt("alarm", spec.alarm)}${devices}${opt("curves", spec.curves)}${opt("scene", spec.scene)}></div>`;
}

/** Placeholders of a template's text, replaced when it renders. */
export const TEMPLATE_VARS = ["project", "period", "reportNo", "generatedAt"] as const;
