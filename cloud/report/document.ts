import { blocksOf, type BlockSpec } from "@/lib/contract/report/blocks";
import type { Locale } from "@/lib/contract/locale";
import { t } from "../lib/i18n";
import { conclusions } from "./conclusion";
import type { BlockData, PointData } from "./data";
import { esc, fmt, pct, stamp } from "./format";
import { siteBlockHtml } from "./site-blocks";
import { svgChart } from "./svg-chart";

/** What a report's document is made of: its heading facts, the template's HTML and the data its blocks read. */
export type ReportDoc = {
  language: Locale;
  title: string;
  projectName: string;
  reportNo: string;
  /** First and last day of the period (inclusive), and the daily window when custom. */
  start: string;
  last: string;
  window: { from: string; to: string } | null;
  generatedAt: string;
  zone: string;
  content: string;
  data: BlockData;
  /** Who reviewed it, shown on the cover once approved. */
  review?: { name: string; at: string } | null;
  /** The conclusions as a person wrote them before approval, one list of lines per conclusion block in order; none: the rules' sentences. */
  edited?: string[][] | null;
};

const change = (p: PointData) => (p.first === null || p.last === null ? null : p.last - p.first);
const ratio = (p: PointData, warn: number | null) => {
  const c = change(p);
  return c === null || warn === null || warn === 0 ? null : Math.abs(c) / Math.abs(warn);
};

/** The placeholders' values: project, period, report number, generation time. */
export function fillVars(doc: ReportDoc, text: string, escape: (s: string) => string = esc) {
  const vars: Record<string, string> = { project: doc.projectName, period: periodText(doc), reportNo: doc.reportNo, generatedAt: doc.generatedAt };
  return text.replace(/\{\{(\w+)\}\}/g, (all, k: string) => (k in vars ? escape(vars[k]) : all));
}
export const periodText = (doc: Pick<ReportDoc, "language" | "start" | "last" | "window">) => `${doc.start} – ${doc.last}${doc.window ? ` (${t(doc.language, "report.doc.window", doc.window)})` : ""}`;

/** The points of a block, in the order it names them. */
export const pointsFor = (spec: BlockSpec, data: BlockData) => spec.points.map((r) => data.points.find((p) => p.ref === r)).filter((p): p is PointData => !!p);

/** Rows of the point table: per point the figures of the period and the change against the warning value. */
export function tableRows(spec: BlockSpec, data: BlockData) {
  return pointsFor(spec, data).map((p) => {
    const r = ratio(p, spec.warn);
    return { point: `${p.deviceName} · ${p.identifier}`, first: fmt(p.first), last: fmt(p.last), min: fmt(p.min), max: fmt(p.max), change: fmt(change(p)), initial: fmt(p.initial), cumulative: fmt(p.cumulative), warn: fmt(spec.warn), ratio: pct(r), over: r !== null && r >= 1, n: p.n };
  });
}
export const TABLE_COLUMNS = ["point", "first", "last", "min", "max", "change", "initial", "cumulative", "warn", "ratio", "samples"] as const;
/** The line under a point table saying what its cumulative changes are counted from (when one of its points has one). */
export const cumulativeNote = (spec: BlockSpec, data: BlockData) => (pointsFor(spec, data).some((p) => p.cumulative !== null) ? "cumulativeNote" : null);

/** A point's chart as SVG, drawn by ECharts on the server (no browser, nothing to wait for). */
export function chartSvg(p: PointData, warn: number | null, width = 680, height = 240): string {
  return svgChart(width, height, {
    animation: false,
    grid: { left: 56, right: 24, top: 28, bottom: 32 },
    title: { text: `${p.deviceName} · ${p.identifier}`, left: 8, top: 4, textStyle: { fontSize: 12, fontWeight: "normal" } },
    xAxis: { type: "time", axisLabel: { fontSize: 10, hideOverlap: true } },
    yAxis: { type: "value", scale: true, axisLabel: { fontSize: 10 } },
    series: [
      {
        type: "line",
        showSymbol: false,
        data: p.series,
        lineStyle: { width: 1.2, color: "#2563eb" },
        markLine: warn === null ? undefined : { symbol: "none", silent: true, label: { formatter: `${warn}`, fontSize: 10 }, lineStyle: { color: "#dc2626", type: "dashed" }, data: [{ yAxis: warn }] },
      },
    ],
  });
}

/** The lines of the document's `nth` conclusion block: as edited by hand when they were, else written by the rules. */
export const conclusionLines = (doc: ReportDoc, spec: BlockSpec, nth: number) => doc.edited?.[nth] ?? conclusions(doc.language, spec, doc.data);

function blockHtml(doc: ReportDoc, spec: BlockSpec, nth: number): string {
  const L = (k: string, v?: Record<string, string | number>) => esc(t(doc.language, `report.doc.${k}`, v));
  const d = doc.data;
  const site = siteBlockHtml(doc, spec);
  if (site !== null) return site;
  if (spec.kind === "pointTable") {
    const rows = tableRows(spec, d);
    if (!rows.length) return `<p class="muted">${L("noData")}</p>`;
    const head = TABLE_COLUMNS.map((c) => `<th>${L(c)}</th>`).join("");
    const body = rows.map((r) => `<tr${r.over ? ' class="over"' : ""}><td>${esc(r.point)}</td><td>${r.first}</td><td>${r.last}</td><td>${r.min}</td><td>${r.max}</td><td>${r.change}</td><td>${r.initial}</td><td>${r.cumulative}</td><td>${r.warn}</td><td>${r.ratio}</td><td>${r.n}</td></tr>`).join("");
    const note = cumulativeNote(spec, d);
    return `<table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${note ? `<p class="muted note">${L(note)}</p>` : ""}`;
  }
  if (spec.kind === "chart") {
    const points = pointsFor(spec, d);
    if (!points.length) return `<p class="muted">${L("noData")}</p>`;
    return points.map((p) => `<figure class="chart">${p.series.length ? chartSvg(p, spec.warn) : `<p class="muted">${esc(p.deviceName)} · ${esc(p.identifier)}: ${L("noData")}</p>`}<figcaption>${L("chart", { name: `${p.deviceName} · ${p.identifier}` })} — ${L("change")}: ${fmt(change(p))}</figcaption></figure>`).join("");
  }
  if (spec.kind === "conclusion") return `<h3>${L("conclusion.title")}</h3><ul class="conclusion">${conclusionLines(doc, spec, nth).map((line) => `<li>${esc(line)}</li>`).join("")}</ul>`;
  if (spec.kind === "alarms") {
    if (!d.alarms.length) return `<h3>${L("alarms")}</h3><p class="muted">${L("noAlarms")}</p>`;
    const rows = d.alarms.map((a) => `<tr><td>${esc(a.alarmName)}</td><td>${esc(a.deviceName ?? "—")}</td><td>${esc(a.levelName ?? "—")}</td><td>${fmt(a.value)}</td><td>${esc(stamp(a.triggeredAt, doc.zone))}</td><td>${esc(a.recoveredAt ? stamp(a.recoveredAt, doc.zone) : "—")}</td></tr>`).join("");
    return `<h3>${L("alarms")}</h3><table class="data"><thead><tr><th>${L("alarmName")}</th><th>${L("device")}</th><th>${L("level")}</th><th>${L("value")}</th><th>${L("triggeredAt")}</th><th>${L("recoveredAt")}</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  const s = d.devices ?? { total: 0, online: 0, reporting: 0 };
  return `<h3>${L("devices")}</h3><table class="data summary"><tbody><tr><th>${L("total")}</th><td>${s.total}</td><th>${L("online")}</th><td>${s.online}</td><th>${L("offline")}</th><td>${s.total - s.online}</td><th>${L("reporting")}</th><td>${s.reporting}</td><th>${L("completeness")}</th><td>${pct(s.total ? s.reporting / s.total : null)}</td></tr></tbody></table>`;
}

/** The template's HTML with its placeholders filled and each block replaced by its rendering. */
export function bodyHtml(doc: ReportDoc): string {
  let html = fillVars(doc, doc.content);
  let nth = 0;
  for (const b of blocksOf(doc.content)) html = html.replace(b.tag, `<section class="block block-${b.spec.kind}">${blockHtml(doc, b.spec, b.spec.kind === "conclusion" ? nth++ : -1)}</section>`);
  return html;
}

const CSS = `
@page { size: A4; margin: 16mm 14mm; }
body { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Microsoft YaHei", sans-serif; font-size: 11pt; color: #111; margin: 0; }
header.cover { border-bottom: 2px solid #1e3a8a; padding-bottom: 8px; margin-bottom: 14px; }
header.cover h1 { font-size: 20pt; margin: 0 0 6px; color: #1e3a8a; }
header.cover dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 2px 12px; margin: 0; font-size: 10pt; }
header.cover dt { color: #555; } header.cover dd { margin: 0; }
h1, h2, h3 { page-break-after: avoid; } h2 { font-size: 14pt; } h3 { font-size: 12pt; }
table.data { width: 100%; border-collapse: collapse; font-size: 9pt; margin: 6px 0 12px; }
table.data th, table.data td { border: 1px solid #999; padding: 3px 5px; text-align: right; }
table.data th { background: #eef2f7; text-align: center; }
table.data td:first-child { text-align: left; }
table.data tr.over td { color: #b91c1c; font-weight: 600; }
table.data thead { display: table-header-group; } tr { page-break-inside: avoid; }
figure.chart { margin: 6px 0 12px; page-break-inside: avoid; } figure.chart svg { width: 100%; height: auto; }
figcaption { font-size: 9pt; color: #444; text-align: center; }
.profile { display: flex; gap: 8px; } .profile figure.chart { flex: 1; margin: 0; }
figure.layout { margin: 6px 0 8px; page-break-inside: avoid; } figure.layout svg { width: 100%; height: auto; display: block; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin: 0 4px 0 8px; vertical-align: -1px; }
.muted { color: #666; } p.note { font-size: 9pt; margin: -6px 0 12px; } @media screen { body { padding: 12mm 12mm; } } ul.conclusion { margin: 4px 0 12px; padding-left: 20px; } ul.conclusion li { margin: 2px 0; } .review { margin-top: 4px; font-size: 9pt; color: #166534; }
`;

/** Colours of a custom page in the console's dark theme (its `--card`, `--foreground`, `--border`): the blocks on the console's surface. */
const DARK_CSS = `
body { background: #1d1e1f; color: #e5eaf3; }
table.data th, table.data td { border-color: #363637; } table.data th { background: #262727; }
table.data tr.over td { color: #f87171; } .muted, figcaption { color: #a3a6ad; } h1, h2, h3 { color: #e5eaf3; }
figure.chart svg text { fill: #a3a6ad; } figure.chart svg path[stroke="#E0E6F1"], figure.chart svg path[stroke="#6E7079"] { stroke: #4c4d4f; }
`;

/**
 * A custom page (/page/pageN): the blocks of its document over its live period, without the
 * cover, in the console's light or dark colours. No script: the console shows it sandboxed.
 */
export function pageHtml(doc: ReportDoc, theme: "light" | "dark"): string {
  return `<!doctype html><html lang="${doc.language === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><style>${CSS}
body { margin: 0; padding: 4px 2px !important; font-size: 10.5pt; background: #fff; } table.data { font-size: 9pt; } @media (max-width: 640px) { table.data { display: block; overflow-x: auto; } }
${theme === "dark" ? DARK_CSS : ""}</style></head><body><main>${bodyHtml(doc)}</main></body></html>`;
}

/** The whole print document: the very HTML the PDF is printed from (and /exportTemplate shows). */
export function reportHtml(doc: ReportDoc): string {
  const L = (k: string) => esc(t(doc.language, `report.doc.${k}`));
  const review = doc.review ? `<p class="review">${esc(t(doc.language, "report.doc.review", doc.review))}</p>` : "";
  return `<!doctype html><html lang="${doc.language === "en" ? "en" : "zh-CN"}"><head><meta charset="utf-8"><title>${esc(doc.title)}</title><style>${CSS}</style></head><body>
<header class="cover"><h1>${esc(doc.title)}</h1><dl><dt>${L("project")}</dt><dd>${esc(doc.projectName)}</dd><dt>${L("reportNo")}</dt><dd>${esc(doc.reportNo)}</dd><dt>${L("period")}</dt><dd>${esc(periodText(doc))}</dd><dt>${L("generatedAt")}</dt><dd>${esc(doc.generatedAt)}</dd></dl>${review}</header>
<main>${bodyHtml(doc)}</main></body></html>`;
}
