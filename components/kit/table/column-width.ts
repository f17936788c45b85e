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
