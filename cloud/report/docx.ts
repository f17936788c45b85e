import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { blocksOf, type BlockSpec } from "@/lib/contract/report/blocks";
import { canvas } from "../lib/png";
import { t } from "../lib/i18n";
import type { PointData } from "./data";
import { conclusionLines, cumulativeNote, fillVars, periodText, pointsFor, TABLE_COLUMNS, tableRows, type ReportDoc } from "./document";
import { fmt, pct, stamp } from "./format";
import { ABNORMAL_COLUMNS, abnormalRows, CURVE_COLORS, INSPECTION_COLUMNS, inspectionRows, LAYOUT_COLUMNS, layoutRows, layoutSvg, PROFILE_COLUMNS, profileReference, profileRows, profilesFor, STATE_COLORS } from "./site-blocks";
import { PLAN_SIZE, type SceneLayout } from "./sources";

type Rgb = [number, number, number];
const W = 680;
const H = 240;

const hex = (c: string): Rgb => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as Rgb;

/**
 * Lines as a PNG for Word (which shows no SVG without a raster fallback), drawn on a plain canvas:
 * frame, grid, each series in its colour, and a dashed red line at `warn` (a value of y). The
 * figures themselves are in the captions and tables. `depth`: y grows downwards (a profile).
 */
export function plotPng(series: { points: [number, number][]; color: Rgb }[], o: { warn?: number | null; depth?: boolean; width?: number; height?: number } = {}): Buffer {
  const [w, h] = [o.width ?? W, o.height ?? H];
  const c = canvas(w, h, [255, 255, 255]);
  const [x0, y0, x1, y1] = [40, 12, w - 12, h - 24];
  const grid: Rgb = [226, 232, 240];
  for (let i = 0; i <= 4; i++) c.fill(x0, Math.round(y0 + ((y1 - y0) * i) / 4), x1 - x0, 1, grid);
  c.fill(x0, y0, 1, y1 - y0, [100, 116, 139]);
  c.fill(x0, y1, x1 - x0, 1, [100, 116, 139]);
  const all = series.flatMap((s) => s.points);
  if (!all.length) return c.png();
  const warn = o.warn ?? null;
  const span = (values: number[]) => {
    let [lo, hi] = [Math.min(...values), Math.max(...values)];
    if (hi === lo) [lo, hi] = [lo - 1, hi + 1];
    return [lo, hi];
  };
  const [xl, xh] = span(all.map((p) => p[0]));
  const [yl, yh] = span(all.map((p) => p[1]).concat(warn === null ? [] : [warn]));
  const X = (v: number) => x0 + ((v - xl) / (xh - xl)) * (x1 - x0);
  const Y = (v: number) => (o.depth ? y0 + ((v - yl) / (yh - yl)) * (y1 - y0) : y1 - ((v - yl) / (yh - yl)) * (y1 - y0));
  if (warn !== null) for (let x = x0; x < x1; x += 8) c.fill(x, Math.round(Y(warn)), 5, 2, [220, 38, 38]);
  for (const s of series)
    for (let i = 1; i < s.points.length; i++) {
      const [ax, ay, bx, by] = [X(s.points[i - 1][0]), Y(s.points[i - 1][1]), X(s.points[i][0]), Y(s.points[i][1])];
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
      for (let k = 0; k <= steps; k++) c.fill(Math.round(ax + ((bx - ax) * k) / steps), Math.round(ay + ((by - ay) * k) / steps), 2, 2, s.color);
    }
  return c.png();
}

/** A point's curve over the period with its warning value. */
const chartPng = (p: PointData, warn: number | null) => plotPng([{ points: p.series, color: [37, 99, 235] }], { warn });

/** The placed points on a blank frame: the SVG's stand-in for readers that show no SVG (the plan itself is in the SVG). */
function layoutPng(l: SceneLayout): Buffer {
  const c = canvas(PLAN_SIZE.width, PLAN_SIZE.height, [241, 245, 249]);
  for (const p of l.points) for (let dy = -9; dy <= 9; dy++) {
    const dx = Math.round(Math.sqrt(81 - dy * dy));
    c.fill(p.x - dx, p.y + dy, dx * 2 + 1, 1, hex(STATE_COLORS[p.state]));
  }
  return c.png();
}

const cell = (text: string, o: { head?: boolean; bold?: boolean; color?: string; fill?: string } = {}) =>
  new TableCell({
    children: [new Paragraph({ alignment: o.head ? AlignmentType.CENTER : undefined, children: [new TextRun({ text, bold: o.head || o.bold, size: 16, color: o.color })] })],
    shading: o.head || o.fill ? { type: ShadingType.CLEAR, color: "auto", fill: o.fill ?? "EEF2F7" } : undefined,
  });
/** A table with a header row; `bold` rows in red, and a first column of colour swatches when `swatch` names them. */
const table = (head: string[], rows: string[][], bold: (i: number) => boolean = () => false, swatch?: (i: number) => string) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: [...(swatch ? [cell("", { head: true })] : []), ...head.map((h) => cell(h, { head: true }))] }),
      ...rows.map((r, i) => new TableRow({ children: [...(swatch ? [cell("", { fill: swatch(i).slice(1).toUpperCase() })] : []), ...r.map((v) => cell(v, bold(i) ? { bold: true, color: "B91C1C" } : {}))] })),
    ],
  });

/** The site blocks in Word: the same figures as the print document (`site-blocks.ts`), drawings as PNG (the plan as SVG with a PNG stand-in). */
function siteParts(doc: ReportDoc, spec: BlockSpec): (Paragraph | Table)[] | null {
  const L = (k: string, v?: Record<string, string | number>) => t(doc.language, `report.doc.${k}`, v);
  const muted = (text: string) => new Paragraph({ children: [new TextRun({ text, color: "666666" })] });
  const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(text)] });
  if (spec.kind === "inclinometer") {
    const profiles = profilesFor(spec, doc);
    if (!profiles.length) return [muted(L("noData"))];
    return profiles.flatMap((p) => {
      if (p.reason) return [heading(L("profile.title", { name: p.deviceName })), muted(L(`profile.${p.reason}`))];
      const curves = p.profile?.curves ?? [];
      const png = (dir: "a" | "b") => plotPng(curves.map((c, i) => ({ points: c.points.map((x) => [x[dir], x.depth] as [number, number]), color: hex(CURVE_COLORS[i % CURVE_COLORS.length]) })), { depth: true, width: 330, height: 380 });
      const rows = profileRows(doc, p);
      return [
        heading(L("profile.title", { name: p.deviceName })),
        new Paragraph({ children: [new ImageRun({ type: "png", data: png("a"), transformation: { width: 300, height: 345 } }), new TextRun("  "), new ImageRun({ type: "png", data: png("b"), transformation: { width: 300, height: 345 } })] }),
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${L("profile.dispA")} · ${L("profile.dispB")}`, size: 18 })] }),
        table(PROFILE_COLUMNS.map((c) => L(c)), rows.map((r) => [r.time, r.topA, r.maxA, r.topB, r.maxB]), undefined, (i) => rows[i].color),
        muted(profileReference(doc, p)),
      ];
    });
  }
  if (spec.kind === "layout") {
    const l = doc.data.layouts.find((x) => x.sceneId === spec.scene);
    if (!l) return [muted(L("layout.missing"))];
    const rows = layoutRows(doc, l);
    const size = { width: 600, height: Math.round((600 * PLAN_SIZE.height) / PLAN_SIZE.width) };
    return [
      heading(L("layout.title", { name: l.sceneName })),
      ...(l.image ? [] : [muted(L("layout.noPlan"))]),
      new Paragraph({ children: [new ImageRun({ type: "svg", data: Buffer.from(layoutSvg(l, true)), fallback: { type: "png", data: layoutPng(l) }, transformation: size })] }),
      new Paragraph({ children: (["alarm", "normal", "silent"] as const).flatMap((s) => [new TextRun({ text: "● ", color: STATE_COLORS[s].slice(1) }), new TextRun({ text: `${L(`layout.state.${s}`)}   `, size: 18 })]) }),
      rows.length ? table(LAYOUT_COLUMNS.map((c) => L(c)), rows.map((r) => [r.n, r.device, r.identifier, r.value, r.alarms, r.state]), undefined, (i) => rows[i].color) : muted(L("layout.noPoints")),
    ];
  }
  if (spec.kind === "inspection") {
    const i = doc.data.inspection;
    const title = heading(L("inspection.title"));
    if (!i || (!i.robots.length && !i.abnormal.length)) return [title, muted(L("inspection.none"))];
    return [
      title,
      table(INSPECTION_COLUMNS.map((c) => L(c)), inspectionRows(doc)),
      ...(i.abnormal.length
        ? [
            new Paragraph({ heading: HeadingLevel.HEADING_4, children: [new TextRun(L("inspection.abnormalTitle", { count: i.abnormalTotal }))] }),
            table(ABNORMAL_COLUMNS.map((c) => L(c)), abnormalRows(doc)),
            ...(i.abnormalTotal > i.abnormal.length ? [muted(L("inspection.more", { shown: i.abnormal.length, total: i.abnormalTotal }))] : []),
          ]
        : [muted(L("inspection.noAbnormal"))]),
    ];
  }
  return null;
}

function blockParts(doc: ReportDoc, spec: BlockSpec, nth: number): (Paragraph | Table)[] {
  const L = (k: string, v?: Record<string, string | number>) => t(doc.language, `report.doc.${k}`, v);
  const d = doc.data;
  const site = siteParts(doc, spec);
  if (site) return site;
  const muted = (text: string) => new Paragraph({ children: [new TextRun({ text, color: "666666" })] });
  if (spec.kind === "pointTable") {
    const rows = tableRows(spec, d);
    if (!rows.length) return [muted(L("noData"))];
    const note = cumulativeNote(spec, d);
    return [table(TABLE_COLUMNS.map((c) => L(c)), rows.map((r) => [r.point, r.first, r.last, r.min, r.max, r.change, r.initial, r.cumulative, r.warn, r.ratio, String(r.n)]), (i) => rows[i].over), ...(note ? [muted(L(note))] : [])];
  }
  if (spec.kind === "chart") {
    const points = pointsFor(spec, d);
    if (!points.length) return [muted(L("noData"))];
    return points.flatMap((p) => {
      const caption = new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${L("chart", { name: `${p.deviceName} · ${p.identifier}` })} — ${L("change")}: ${fmt(p.first === null || p.last === null ? null : p.last - p.first)}`, size: 18 })] });
      if (!p.series.length) return [muted(`${p.deviceName} · ${p.identifier}: ${L("noData")}`)];
      return [new Paragraph({ children: [new ImageRun({ type: "png", data: chartPng(p, spec.warn), transformation: { width: W * 0.9, height: H * 0.9 } })] }), caption];
    });
  }
  if (spec.kind === "conclusion")
    return [new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(L("conclusion.title"))] }), ...conclusionLines(doc, spec, nth).map((line) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun(line)] }))];
  if (spec.kind === "alarms") {
    const title = new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(L("alarms"))] });
    if (!d.alarms.length) return [title, muted(L("noAlarms"))];
    return [title, table([L("alarmName"), L("device"), L("level"), L("value"), L("triggeredAt"), L("recoveredAt")], d.alarms.map((a) => [a.alarmName, a.deviceName ?? "—", a.levelName ?? "—", fmt(a.value), stamp(a.triggeredAt, doc.zone), a.recoveredAt ? stamp(a.recoveredAt, doc.zone) : "—"]))];
  }
  const s = d.devices ?? { total: 0, online: 0, reporting: 0 };
  return [new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(L("devices"))] }), table([L("total"), L("online"), L("offline"), L("reporting"), L("completeness")], [[String(s.total), String(s.online), String(s.total - s.online), String(s.reporting), pct(s.total ? s.reporting / s.total : null)]])];
}

const decode = (s: string) => s.replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

/** Runs of an element's inner HTML: bold and italic kept, other tags dropped. */
function runs(inner: string): TextRun[] {
  const out: TextRun[] = [];
  let bold = 0;
  let italic = 0;
  for (const part of inner.split(/(<[^>]+>)/)) {
    if (!part) continue;
    const tag = /^<(\/?)(strong|b|em|i)\b/i.exec(part);
    if (tag) {
      const d = tag[1] ? -1 : 1;
      const name = tag[2].toLowerCase();
      if (name === "strong" || name === "b") bold += d;
      else italic += d;
      continue;
    }
    if (/^<br/i.test(part)) out.push(new TextRun({ text: "", break: 1 }));
    else if (!part.startsWith("<")) out.push(new TextRun({ text: decode(part), bold: bold > 0, italics: italic > 0 }));
  }
  return out;
}

/** The template's text (headings, paragraphs, list items, quotes) as Word paragraphs. */
function textParts(html: string): Paragraph[] {
  const out: Paragraph[] = [];
  for (const m of html.matchAll(/<(h[1-6]|p|li|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = m[1].toLowerCase();
    const children = runs(m[2]);
    if (tag.startsWith("h")) out.push(new Paragraph({ heading: HEADINGS[Number(tag[1]) - 1], children }));
    else if (tag === "li") out.push(new Paragraph({ bullet: { level: 0 }, children }));
    else out.push(new Paragraph({ children }));
  }
  return out;
}

/** The report as a Word document: the cover facts, the template's text and its blocks, in order. */
export async function renderDocx(doc: ReportDoc): Promise<Buffer> {
  const L = (k: string) => t(doc.language, `report.doc.${k}`);
  const html = fillVars(doc, doc.content, (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    ...[
      [L("project"), doc.projectName],
      [L("reportNo"), doc.reportNo],
      [L("period"), periodText(doc)],
      [L("generatedAt"), doc.generatedAt],
    ].map(([k, v]) => new Paragraph({ children: [new TextRun({ text: `${k}: `, bold: true }), new TextRun(v)] })),
    ...(doc.review ? [new Paragraph({ children: [new TextRun({ text: t(doc.language, "report.doc.review", doc.review), color: "166534" })] })] : []),
  ];
  let rest = html;
  let nth = 0;
  for (const b of blocksOf(html)) {
    const at = rest.indexOf(b.tag);
    children.push(...textParts(rest.slice(0, at)), ...blockParts(doc, b.spec, b.spec.kind === "conclusion" ? nth++ : -1));
    rest = rest.slice(at + b.tag.length);
  }
  children.push(...textParts(rest));
  const file = new Document({ creator: "IoT console", title: doc.title, styles: { default: { document: { run: { font: "Noto Sans CJK SC", size: 21 } } } }, sections: [{ children }] });
  return Packer.toBuffer(file);
}
