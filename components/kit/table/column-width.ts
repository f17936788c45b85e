/**
 * Default column widths for the kit's table when a definition gives none: by the column's kind
 * when the caller passes it, else by what its field name says (phones, times, statuses, ids,
 * money). Widths fit the formatted value in both languages, so nothing is cut.
 */
export type ColumnKind = "phone" | "date" | "time" | "timeRange" | "status" | "dict" | "switch" | "money" | "id" | "image" | "text";

export const KIND_WIDTH: Record<ColumnKind, number> = {
  phone: 136,
  date: 116,
  time: 176,
  timeRange: 340,
  status: 104,
  dict: 120,
  switch: 96,
  money: 128,
  id: 150,
  image: 88,
  text: 0,
};

/** Free text never grows a column past this: longer values ellipsise (the full text in a tooltip). */
export const TEXT_MAX_WIDTH = 320;
export const TEXT_MIN_WIDTH = 120;

/** A column type of the kit's resource definitions (widgets §3) as a width kind. */
function kindOfType(type: string | undefined): ColumnKind | null {
  switch (type) {
    case "date":
    case "time":
    case "timeRange":
    case "status":
    case "dict":
    case "money":
    case "image":
      return type;
    case "dataRange":
      return "timeRange";
    case "switch":
    case "switch1":
      return "switch";
    default:
      return null;
  }
}

/** camelCase field names: a suffix word ("contactMobile", "createTime", "jobNo") or the whole name. */
const BY_NAME: [RegExp, ColumnKind][] = [
  [/^(phone|mobile|tel)$|(Phone|Mobile|Tel)$/, "phone"],
  [/^time$|(Time|At)$/, "time"],
  [/^date$|Date$/, "date"],
  [/^(status|state|enabled?)$|(Status|State)$/, "status"],
  [/^(amount|price|money|fee|cost)$|(Amount|Price|Money|Fee|Cost)$/, "money"],
  [/^(id|sn|code|imei|iccid|no)$|(Id|Sn|SN|Code|No|Imei|Iccid)$/, "id"],
];

/** The width kind of a column from its type (when known) or its field name. */
export function columnKind(id: string, type?: string): ColumnKind {
  const byType = kindOfType(type);
  if (byType) return byType;
  return BY_NAME.find(([re]) => re.test(id))?.[1] ?? "text";
}

/** Width for a column without one of its own; `undefined` for free text (sized by content, capped). */
export function defaultWidth(id: string, type?: string): number | undefined {
  return KIND_WIDTH[columnKind(id, type)] || undefined;
}

/**
 * Advances of the printable ASCII characters (space to tilde) at the table's 14 px in the console's sans (system-ui),
 * as Chromium draws it on Debian: DejaVu Sans, wider than Segoe UI, SF or Noto Sans, so elsewhere a plan errs roomy.
 * A flat 8 px a letter planned "Alarm maximum" 12 px short and the "%" of "含气量（%）" 5 px short.
 */
const ASCII = [
  4.5, 5.6, 6.4, 11.7, 8.9, 13.3, 10.9, 3.8, 5.5, 5.5, 7, 11.7, 4.5, 5.1, 4.5, 4.7, 8.9, 8.9, 8.9, 8.9, 8.9, 8.9, 8.9, 8.9, 8.9, 8.9, 4.7, 4.7, 11.7, 11.7, 11.7, 7.4, 14, 9.6, 9.6, 9.8, 10.8, 8.8, 8.1, 10.8,
  10.5, 4.1, 4.1, 9.2, 7.8, 12.1, 10.5, 11, 8.4, 11, 9.7, 8.9, 8.6, 10.2, 9.6, 13.8, 9.6, 8.6, 9.6, 5.5, 4.7, 5.5, 11.7, 7, 7, 8.6, 8.9, 7.7, 8.9, 8.6, 4.9, 8.9, 8.9, 3.9, 3.9, 8.1, 3.9, 13.6, 8.9, 8.6,
  8.9, 8.9, 5.8, 7.3, 5.5, 8.9, 8.3, 11.5, 8.3, 8.3, 7.3, 8.9, 4.7, 8.9, 11.7,
];

/** How wide a label draws at the table's 14 px: CJK glyphs (and full-width forms) are square, ASCII as measured, other letters about 9 px. */
export function labelWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    width += code >= 0x2e80 ? 14 : (ASCII[code - 32] ?? 9);
  }
  return Math.ceil(width);
}

/** A status column: its badges' longest label in the reader's language (the badge's own 16 px and the cell's 24), at least `width`. */
export function statusWidth(labels: string[], width: number): number {
  return Math.max(width, ...labels.map((l) => 24 + 16 + labelWidth(l)));
}

/** A sized column holds its header on one line: the label, the sort arrow (18 px) when sortable, the cell's 24 px; at least `width`. */
export function headerWidth(label: string, sortable: boolean, width: number): number {
  return Math.max(width, 24 + labelWidth(label) + (sortable ? 18 : 0));
}

/** The row actions' column: its inline labels and their gaps, the "more" trigger with its chevron when actions are left over, and the cell's padding. */
export function rowActionsWidth(labels: string[], moreLabel: string, inline = 2): number {
  const shown = labels.slice(0, inline);
  const more = labels.length > shown.length ? 12 + labelWidth(moreLabel) + 16 : 0;
  return Math.max(130, 24 + shown.reduce((w, l) => w + labelWidth(l), 0) + 12 * (shown.length - 1) + more);
}

/**
 * The row actions' column for the rows shown: the widest of the sets they show. Actions come and go per row (their
 * `show`), so a later, longer label moves inline ("详情 · 重试失败" on a finished task whose "启动" is hidden); sized from
 * the definition's first actions, the Chinese OTA task list ran 21 px sideways.
 */
export function rowActionsColumnWidth(sets: string[][], moreLabel: string, inline = 2): number {
  return Math.max(130, ...sets.map((labels) => rowActionsWidth(labels, moreLabel, inline)));
}

/**
 * A column as the fitting sees it: its width when sized, else (free text) its minimum and the floor it clips to (its
 * header's own width when wider than `TEXT_MIN_WIDTH`: a header does not wrap); `dropOrder` when it may give way.
 */
export type FitInput = { id: string; width?: number; minWidth: number; floor?: number; dropOrder?: number };
/** What a box shows: the columns left out, and the minimum each free-text column keeps. */
export type Fit = { hidden: Set<string>; minWidths: Map<string, number> };

/**
 * Fits the columns to a box `box` px wide. While they need more than it, free-text columns first
 * give up what they hold above `TEXT_MIN_WIDTH` (they ellipsise, the whole text in a tooltip); only
 * when that is not enough do the columns with a `dropOrder` leave, 1 first, then 2, the rightmost of
 * an order first, and the text columns keep as much as the rest leaves. Columns without an order
 * never leave: a box too small for them (a phone) scrolls. An unmeasured box (0) shows everything.
 */
export function fitColumns(columns: FitInput[], box: number): Fit {
  const minWidths = new Map(columns.filter((c) => c.width === undefined).map((c) => [c.id, c.minWidth]));
  const hidden = new Set<string>();
  if (!box) return { hidden, minWidths };
  const shown = () => columns.filter((c) => !hidden.has(c.id));
  const need = () => shown().reduce((w, c) => w + (c.width ?? c.minWidth), 0);
  const floor = (c: FitInput) => Math.max(TEXT_MIN_WIDTH, c.floor ?? 0);
  const give = () => shown().reduce((w, c) => w + (c.width === undefined ? Math.max(0, c.minWidth - floor(c)) : 0), 0);
  const leaving = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.dropOrder !== undefined)
    .sort((a, b) => a.c.dropOrder! - b.c.dropOrder! || b.i - a.i)
    .map(({ c }) => c);
  for (const c of leaving) {
    if (need() - give() <= box) break;
    hidden.add(c.id);
  }
  const excess = need() - box;
  const room = give();
  if (excess > 0 && room > 0) {
    const share = Math.min(1, excess / room);
    for (const c of shown()) if (c.width === undefined && c.minWidth > floor(c)) minWidths.set(c.id, Math.floor(c.minWidth - (c.minWidth - floor(c)) * share));
  }
  return { hidden, minWidths };
}
