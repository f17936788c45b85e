import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { blocksOf, type BlockSpec } from "@/lib/contract/report/blocks";
import { canvas } from "../lib/png";
import { t } from "../lib/i18n";
import type { PointData } from "./data";
import { conclusionLines, fillVars, fmt, pct, periodText, pointsFor, stamp, TABLE_COLUMNS, tableRows, type ReportDoc } from "./document";

type Rgb = [number, number, number];
const W = 680;
const H = 240;

/**
 * A point's curve as a PNG for Word (which shows no SVG without a raster fallback): drawn on a
 * plain canvas — frame, grid, the values, the warning value as a dashed red line. The figures
 * themselves are in the caption and the point table.
 */
export function chartPng(p: PointData, warn: number | null): Buffer {
  const c = canvas(W, H, [255, 255, 255]);
  const [x0, y0, x1, y1] = [40, 12, W - 12, H - 24];
  const grid: Rgb = [226, 232, 240];
  for (let i = 0; i <= 4; i++) c.fill(x0, Math.round(y0 + ((y1 - y0) * i) / 4), x1 - x0, 1, grid);
  c.fill(x0, y0, 1, y1 - y0, [100, 116, 139]);
  c.fill(x0, y1, x1 - x0, 1, [100, 116, 139]);
  const values = p.series.map((s) => s[1]).concat(warn === null ? [] : [warn]);
  if (!p.series.length) return c.png();
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi === lo) [lo, hi] = [lo - 1, hi + 1];
  const t0 = p.series[0][0];
  const t1 = Math.max(p.series[p.series.length - 1][0], t0 + 1);
  const X = (ts: number) => x0 + ((ts - t0) / (t1 - t0)) * (x1 - x0);
  const Y = (v: number) => y1 - ((v - lo) / (hi - lo)) * (y1 - y0);
  if (warn !== null) for (let x = x0; x < x1; x += 8) c.fill(x, Math.round(Y(warn)), 5, 2, [220, 38, 38]);
  const blue: Rgb = [37, 99, 235];
  for (let i = 1; i < p.series.length; i++) {
    const [ax, ay, bx, by] = [X(p.series[i - 1][0]), Y(p.series[i - 1][1]), X(p.series[i][0]), Y(p.series[i][1])];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
    for (let k = 0; k <= steps; k++) c.fill(Math.round(ax + ((bx - ax) * k) / steps), Math.round(ay + ((by - ay) * k) / steps), 2, 2, blue);
  }
  return c.png();
}

const cell = (text: string, o: { head?: boolean; bold?: boolean; color?: string } = {}) =>
  new TableCell({
    children: [new Paragraph({ alignment: o.head ? AlignmentType.CENTER : undefined, children: [new TextRun({ text, bold: o.head || o.bold, size: 16, color: o.color })] })],
    shading: o.head ? { type: ShadingType.CLEAR, color: "auto", fill: "EEF2F7" } : undefined,
  });
const table = (head: string[], rows: string[][], bold: (i: number) => boolean = () => false) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [new TableRow({ tableHeader: true, children: head.map((h) => cell(h, { head: true })) }), ...rows.map((r, i) => new TableRow({ children: r.map((v) => cell(v, bold(i) ? { bold: true, color: "B91C1C" } : {})) }))],
  });

function blockParts(doc: ReportDoc, spec: BlockSpec, nth: number): (Paragraph | Table)[] {
  const L = (k: string, v?: Record<string, string | number>) => t(doc.language, `report.doc.${k}`, v);
  const d = doc.data;
  const muted = (text: string) => new Paragraph({ children: [new TextRun({ text, color: "666666" })] });
  if (spec.kind === "pointTable") {
    const rows = tableRows(spec, d);
    if (!rows.length) return [muted(L("noData"))];
    return [table(TABLE_COLUMNS.map((c) => L(c)), rows.map((r) => [r.point, r.first, r.last, r.min, r.max, r.change, r.warn, r.ratio, String(r.n)]), (i) => rows[i].over)];
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
