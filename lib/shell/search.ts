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
  /** Message key of the item's group heading, when a source answers several kinds (default: the source's label). */
  group?: string;
};

type PaletteContext = {
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

/** Pinyin matching of Chinese text: loaded by `loadPinyin` when a search first needs it (the
 *  dictionary is ≈ 220 KB gzip, too much for every page's first load). */
export type Pinyin = {
  /** "yhgl" for 用户管理. */
  initials: (text: string) => string;
  /** Whether the query spells the text in full pinyin, continuously ("yonghu" in 用户管理). */
  spells: (text: string, query: string) => boolean;
};

let loading: Promise<Pinyin> | null = null;

/** The pinyin matcher, loaded once; a failed load (network) is retried on the next call. */
export function loadPinyin(): Promise<Pinyin> {
  loading ??= import("pinyin-pro").then(
    ({ match, pinyin }): Pinyin => {
      const cache = new Map<string, string>();
      return {
        initials: (text) => {
          // Menu titles repeat on every keystroke; other sources' texts must not grow it without end.
          if (cache.size > 2000) cache.clear();
          if (!cache.has(text)) cache.set(text, pinyin(text, { pattern: "first", toneType: "none", type: "array" }).join("").toLowerCase());
          return cache.get(text)!;
        },
        spells: (text, query) => match(text, query, { continuous: true }) !== null,
      };
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Whether any of the texts matches the query: by substring (any case) and, once `pinyin` is
 * loaded, by pinyin initials ("yhgl" → 用户管理) or full pinyin ("yonghu").
 */
export function textMatches(query: string, texts: readonly string[], pinyin: Pinyin | null): boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, "");
  if (!q) return true;
  return texts.some((text) => {
    const compact = text.toLowerCase().replace(/\s+/g, "");
    if (compact.includes(q)) return true;
    if (!pinyin || !/[\u4e00-\u9fff]/.test(text)) return false;
    return pinyin.initials(compact).includes(q) || pinyin.spells(compact, q);
  });
}
