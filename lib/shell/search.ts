import { match, pinyin } from "pinyin-pro";

/**
 * Command-palette search: sources (providers) are registered by id so later domains add their
 * own (devices, points, alarms, ICCIDs) without touching the palette.
 */
export type PaletteItem = {
  id: string;
  title: string;
  /** Secondary text, e.g. the menu folder. */
  hint?: string;
  href: string;
  /** Opens in a new browser tab (external links, data screens). */
  newWindow?: boolean;
};

export type PaletteContext = {
  locale: string;
  /** Translates a `shell` message key (route titles of recent pages). */
  t: (key: string) => string;
};

export type PaletteSource = {
  id: string;
  /** Message key of the group heading, looked up from the root of the messages. */
  label: string;
  search: (query: string, ctx: PaletteContext, signal: AbortSignal) => PaletteItem[] | Promise<PaletteItem[]>;
};

const sources = new Map<string, PaletteSource>();

export function registerPaletteSource(source: PaletteSource) {
  sources.set(source.id, source);
}
export const paletteSources = () => [...sources.values()];

const initials = (text: string) => pinyin(text, { pattern: "first", toneType: "none", type: "array" }).join("").toLowerCase();

/**
 * Whether any of the texts matches the query: by substring (any case), by pinyin initials
 * ("yhgl" → 用户管理) or by full pinyin ("yonghu").
 */
export function textMatches(query: string, texts: readonly string[]): boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, "");
  if (!q) return true;
  return texts.some((text) => {
    const compact = text.toLowerCase().replace(/\s+/g, "");
    if (compact.includes(q)) return true;
    if (!/[\u4e00-\u9fff]/.test(text)) return false;
    return initials(compact).includes(q) || match(compact, q, { continuous: true }) !== null;
  });
}
