import { PROFILE_CURVES, type BlockSpec } from "@/lib/contract/report/blocks";
import type { ProfilePoint } from "@/lib/contract/monitoring/depth-profile";
import { t } from "../lib/i18n";
import type { ReportDoc } from "./document";
import { esc, fmt, stamp } from "./format";
import { PLAN_SIZE, type LayoutState, type SceneLayout, type StringProfile } from "./sources";
import { svgChart } from "./svg-chart";

/**
 * The site blocks — inclinometer profile, point layout, robot inspection — as the print document
 * writes them (HTML with SVG drawn on the server), and the rows the Word file writes from the same
 * figures (`docx.ts`).
 */

/** The curves' colours (ECharts' palette), the same in the SVG, the Word drawing and the tables' swatches. */
export const CURVE_COLORS = ["#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4", "#ea7ccc", "#1e3a8a", "#b45309", "#0f766e"];
/** A placed point's colour by its state in the period. */
export const STATE_COLORS: Record<LayoutState, string> = { alarm: "#dc2626", normal: "#16a34a", silent: "#9ca3af" };

const label = (doc: ReportDoc) => (k: string, v?: Record<string, string | number>) => t(doc.language, `report.doc.${k}`, v);

/** The profiles of a block's strings, in the order it names them. */
export const profilesFor = (spec: BlockSpec, doc: ReportDoc) =>
  spec.devices.flatMap((id) => doc.data.profiles.filter((p) => p.deviceId === id && p.curveCount === (spec.curves ?? PROFILE_CURVES.default)));

/** Where a direction's displacement is largest in size, and how large. */
function largest(points: readonly ProfilePoint[], dir: "a" | "b") {
  let best: ProfilePoint | null = null;
  for (const p of points) if (!best || Math.abs(p[dir]) > Math.abs(best[dir])) best = p;
  return best ? { value: best[dir], depth: best.depth } : null;
}

/** One row per curve: its colour and time, the displacement at the top and the largest one with its depth, along A and B. */
export function profileRows(doc: ReportDoc, p: StringProfile) {
  return (p.profile?.curves ?? []).map((c, i) => {
    const [a, b] = [largest(c.points, "a"), largest(c.points, "b")];
    return { color: CURVE_COLORS[i % CURVE_COLORS.length], time: stamp(new Date(c.ts), doc.zone), topA: fmt(c.points[0]?.a), maxA: a ? `${fmt(a.value)} @ ${fmt(a.depth)} m` : "—", topB: fmt(c.points[0]?.b), maxB: b ? `${fmt(b.value)} @ ${fmt(b.depth)} m` : "—" };
  });
}
export const PROFILE_COLUMNS = ["profile.time", "profile.topA", "profile.maxA", "profile.topB", "profile.maxB"] as const;

/** What the curves are counted from: the initial reading set (by whom) or the first curve's reading. */
export function profileReference(doc: ReportDoc, p: StringProfile): string {
  const L = label(doc);
  const ref = p.profile;
  if (!ref || ref.referenceTs === null) return "";
  return ref.initial ? L("profile.referenceInitial", { at: stamp(new Date(ref.referenceTs), doc.zone), name: ref.initial.setByName ?? "—" }) : L("profile.referenceFirst", { at: stamp(new Date(ref.referenceTs), doc.zone) });
}

/** A direction's profile as SVG: displacement (mm) across, depth (m) downwards, one line per curve. */
export function profileSvg(doc: ReportDoc, p: StringProfile, dir: "a" | "b", width = 330, height = 380): string {
  const L = label(doc);
  return svgChart(width, height, {
    animation: false,
    color: CURVE_COLORS,
    grid: { left: 44, right: 16, top: 30, bottom: 36 },
    title: { text: L(dir === "a" ? "profile.dispA" : "profile.dispB"), left: 8, top: 4, textStyle: { fontSize: 12, fontWeight: "normal" } },
    xAxis: { type: "value", scale: true, name: "mm", nameLocation: "middle", nameGap: 22, axisLabel: { fontSize: 10, hideOverlap: true } },
    yAxis: { type: "value", inverse: true, name: "m", axisLabel: { fontSize: 10 } },
    series: (p.profile?.curves ?? []).map((c) => ({ type: "line", showSymbol: true, symbolSize: 3, lineStyle: { width: 1.2 }, data: c.points.map((pt) => [pt[dir], pt.depth]) })),
  });
}

/** One row per placed point: its number on the plan, device, property, last value of the period, alarms raised and state. */
export function layoutRows(doc: ReportDoc, l: SceneLayout) {
  const L = label(doc);
  return l.points.map((p) => ({ n: String(p.n), device: p.deviceName, identifier: p.identifier ?? "—", value: fmt(p.value), alarms: String(p.alarms), state: L(`layout.state.${p.state}`), color: STATE_COLORS[p.state] }));
}
export const LAYOUT_COLUMNS = ["layout.n", "device", "property", "layout.value", "layout.alarms", "layout.stateTitle"] as const;

/**
 * The plan with its points as SVG in the 800 × 450 design units (the plan stretched, as the
 * console's marker shows it). `standalone`: a file of its own (Word's), which older SVG readers
 * take only with the XLink reference to the image.
 */
export function layoutSvg(l: SceneLayout, standalone = false): string {
  const { width, height } = PLAN_SIZE;
  const uri = l.image ? `data:${l.image.mime};base64,${l.image.base64}` : "";
  const image = l.image ? `<image ${standalone ? "xlink:href" : "href"}="${uri}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="none"/>` : `<rect x="0" y="0" width="${width}" height="${height}" fill="#f1f5f9"/>`;
  const marks = l.points
    .map((p) => `<g><circle cx="${p.x}" cy="${p.y}" r="11" fill="${STATE_COLORS[p.state]}" stroke="#ffffff" stroke-width="2"/><text x="${p.x}" y="${p.y + 4}" font-size="11" font-family="sans-serif" text-anchor="middle" fill="#ffffff">${p.n}</text></g>`)
    .join("");
  return `<svg${standalone ? ' xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"' : ""} viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${image}${marks}</svg>`;
}

/** The inspection block's robot rows: tasks by outcome and readings. */
export function inspectionRows(doc: ReportDoc) {
  return (doc.data.inspection?.robots ?? []).map((r) => [r.deviceName, r.tasks, r.done, r.expired, r.abnormalTasks, r.timeouts, r.total, r.abnormal].map(String));
}
export const INSPECTION_COLUMNS = ["inspection.robot", "inspection.tasks", "inspection.done", "inspection.expired", "inspection.abnormalTasks", "inspection.timeouts", "inspection.readings", "inspection.abnormal"] as const;
/** The newest abnormal readings: time, robot, track, point, item, value with its unit. */
export function abnormalRows(doc: ReportDoc) {
  return (doc.data.inspection?.abnormal ?? []).map((a) => [stamp(a.at, doc.zone), a.robot, a.track, a.point, a.item, a.value === null ? "—" : `${fmt(a.value)}${a.unit ? ` ${a.unit}` : ""}`]);
}
export const ABNORMAL_COLUMNS = ["inspection.time", "inspection.robot", "inspection.track", "inspection.point", "inspection.item", "value"] as const;

const table = (head: string[], rows: string[][]) => `<table class="data"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((v) => `<td>${esc(v)}</td>`).join("")}</tr>`).join("")}</tbody></table>`;

/** A site block as the print document writes it; null for the other kinds. */
export function siteBlockHtml(doc: ReportDoc, spec: BlockSpec): string | null {
  const L = label(doc);
  const muted = (text: string) => `<p class="muted">${esc(text)}</p>`;
  if (spec.kind === "inclinometer") {
    const profiles = profilesFor(spec, doc);
    if (!profiles.length) return muted(L("noData"));
    return profiles
      .map((p) => {
        const title = `<h3>${esc(L("profile.title", { name: p.deviceName }))}</h3>`;
        if (p.reason) return title + muted(L(`profile.${p.reason}`));
        const rows = profileRows(doc, p);
        const head = `<th></th>${PROFILE_COLUMNS.map((c) => `<th>${esc(L(c))}</th>`).join("")}`;
        const body = rows.map((r) => `<tr><td style="background:${r.color};width:10px"></td><td>${esc(r.time)}</td><td>${r.topA}</td><td>${esc(r.maxA)}</td><td>${r.topB}</td><td>${esc(r.maxB)}</td></tr>`).join("");
        return `${title}<div class="profile"><figure class="chart">${profileSvg(doc, p, "a")}</figure><figure class="chart">${profileSvg(doc, p, "b")}</figure></div><table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${muted(profileReference(doc, p))}`;
      })
      .join("");
  }
  if (spec.kind === "layout") {
    const l = doc.data.layouts.find((x) => x.sceneId === spec.scene);
    if (!l) return muted(L("layout.missing"));
    const legend = (["alarm", "normal", "silent"] as const).map((s) => `<span class="swatch" style="background:${STATE_COLORS[s]}"></span>${esc(L(`layout.state.${s}`))}`).join(" ");
    const rows = layoutRows(doc, l);
    const head = LAYOUT_COLUMNS.map((c) => `<th>${esc(L(c))}</th>`).join("");
    const body = rows.map((r) => `<tr><td><span class="swatch" style="background:${r.color}"></span>${r.n}</td><td>${esc(r.device)}</td><td>${esc(r.identifier)}</td><td>${r.value}</td><td>${r.alarms}</td><td>${esc(r.state)}</td></tr>`).join("");
    return `<h3>${esc(L("layout.title", { name: l.sceneName }))}</h3>${l.image ? "" : muted(L("layout.noPlan"))}<figure class="layout">${layoutSvg(l)}<figcaption>${legend}</figcaption></figure>${rows.length ? `<table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>` : muted(L("layout.noPoints"))}`;
  }
  if (spec.kind === "inspection") {
    const i = doc.data.inspection;
    const title = `<h3>${esc(L("inspection.title"))}</h3>`;
    if (!i || (!i.robots.length && !i.abnormal.length)) return title + muted(L("inspection.none"));
    const robots = table(INSPECTION_COLUMNS.map((c) => L(c)), inspectionRows(doc));
    const abnormal = i.abnormal.length
      ? `<h4>${esc(L("inspection.abnormalTitle", { count: i.abnormalTotal }))}</h4>${table(ABNORMAL_COLUMNS.map((c) => L(c)), abnormalRows(doc))}${i.abnormalTotal > i.abnormal.length ? muted(L("inspection.more", { shown: i.abnormal.length, total: i.abnormalTotal })) : ""}`
      : muted(L("inspection.noAbnormal"));
    return title + robots + abnormal;
  }
  return null;
}
