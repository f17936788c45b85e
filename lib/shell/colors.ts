import { DEFAULT_SKIN_COLOR } from "@/lib/contract/company";

/**
 * Theme colour maths (core §9): lightening steps of 1–9 tenths towards white, a 10 % dark shade,
 * and the shades text uses, derived so every text/background pair reaches WCAG AA (4.5:1) in both
 * themes whatever skin colour a tenant picks. The skin colour itself stays the brand colour of
 * surfaces, borders and icons. Pure, so the server renders the variables into the first paint.
 */
export type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHex(value: string): Rgb | null {
  const m = HEX.exec(value.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes `weight` (0–1) of `toward` into the colour. */
export function mix(rgb: Rgb, toward: Rgb, weight: number): Rgb {
  return rgb.map((v, i) => v + (toward[i] - v) * weight) as unknown as Rgb;
}

/** Mixes `weight` (0–1) of white into the colour. */
export const lighten = (rgb: Rgb, weight: number): Rgb => mix(rgb, [255, 255, 255], weight);

/** The dark theme's page background (`.dark --background`): its light steps fade into it, not into white. */
const DARK_BACKGROUND: Rgb = [0x14, 0x14, 0x14];

/** Mixes `weight` (0–1) of black into the colour. */
export function darken(rgb: Rgb, weight: number): Rgb {
  return rgb.map((v) => v * (1 - weight)) as unknown as Rgb;
}

/** Perceived brightness (ITU-R BT.601 weights), 0–255. */
export const brightness = ([r, g, b]: Rgb) => (r * 299 + g * 587 + b * 114) / 1000;

/** Dark text on light colours, white text on dark ones. */
export const contrastText = (rgb: Rgb) => (brightness(rgb) > 186 ? "#000000" : "#ffffff");

/** WCAG 2.x relative luminance, 0–1. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = Math.round(Math.min(255, Math.max(0, v))) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1–21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for normal text. */
export const AA_TEXT = 4.5;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The least mix of `toward` (black on light backgrounds, white on dark ones) into `rgb` for which
 * it reads at `target` on every one of `backgrounds`; the colour unchanged when it already does.
 * Works on the rounded hex colour the stylesheet will carry.
 */
export function readableOn(rgb: Rgb, backgrounds: readonly Rgb[], toward: Rgb, target = AA_TEXT): { rgb: Rgb; weight: number } {
  const ok = (c: Rgb) => backgrounds.every((bg) => contrastRatio(c, bg) >= target);
  const at = (w: number) => parseHex(toHex(mix(rgb, toward, w)))!;
  if (ok(at(0))) return { rgb: at(0), weight: 0 };
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (ok(at(mid))) hi = mid;
    else lo = mid;
  }
  return { rgb: at(hi), weight: hi };
}

/**
 * A filled surface that carries text (buttons, the active tab, counters): white text on the colour
 * darkened just enough, or black text on the colour itself when it is so light that white would
 * need it darkened by more than a third (yellow, light green) and black reaches AA.
 */
export function solidPair(rgb: Rgb): { background: Rgb; foreground: Rgb } {
  const dark = readableOn(rgb, [WHITE], BLACK);
  if (dark.weight > 1 / 3 && contrastRatio(rgb, BLACK) >= AA_TEXT) return { background: parseHex(toHex(rgb))!, foreground: BLACK };
  return { background: dark.rgb, foreground: WHITE };
}

/** The fixed backgrounds of `app/globals.css` text in the primary colour may sit on, per theme. */
const SURFACES = {
  light: ["#ffffff", "#f0f5ff", "#f5f6f7", "#f2f3f5"],
  dark: ["#141414", "#1d1e1f", "#18222c", "#222325", "#262727"],
} as const;
/** Status colours (Element's): kept for surfaces; their text shades are derived like the primary's. */
const STATUS_COLORS = { destructive: "#f56c6c", success: "#67c23a", warning: "#e6a23c" } as const;

/** Contrast figures of a skin colour for the company-colour preview: each text pair and its ratio. */
export function contrastReport(skinColor: string | null | undefined) {
  const rgb = parseHex(skinColorOf(skinColor))!;
  const light = themeVariables(skinColor, "light");
  const dark = themeVariables(skinColor, "dark");
  const ratio = (fg: string, bg: string) => Math.round(contrastRatio(parseHex(fg)!, parseHex(bg)!) * 100) / 100;
  return {
    /** The skin colour itself as text on white and under white text: below AA, the console uses the derived shades. */
    asText: ratio(toHex(rgb), "#ffffff"),
    underWhite: ratio("#ffffff", toHex(rgb)),
    pairs: [
      { key: "button", fg: light["--primary-foreground"], bg: light["--primary-solid"], ratio: ratio(light["--primary-foreground"], light["--primary-solid"]) },
      { key: "link", fg: light["--primary-text"], bg: "#ffffff", ratio: ratio(light["--primary-text"], "#ffffff") },
      { key: "menuActive", fg: light["--primary-text"], bg: light["--primary-light-9"], ratio: ratio(light["--primary-text"], light["--primary-light-9"]) },
      { key: "darkLink", fg: dark["--primary-text"], bg: SURFACES.dark[0], ratio: ratio(dark["--primary-text"], SURFACES.dark[0]) },
      { key: "darkMenuActive", fg: dark["--primary-text"], bg: dark["--primary-light-9"], ratio: ratio(dark["--primary-text"], dark["--primary-light-9"]) },
    ],
  };
}

/** The company skin colour, or the default when it is missing or not a hex colour. */
export function skinColorOf(value: string | null | undefined): string {
  const rgb = parseHex(value ?? "");
  return rgb ? toHex(rgb) : DEFAULT_SKIN_COLOR.toLowerCase();
}

/** The CSS variables of `app/globals.css` that follow the primary colour, light or dark theme. */
export function themeVariables(skinColor: string | null | undefined, theme: "light" | "dark" = "light"): Record<string, string> {
  const rgb = parseHex(skinColorOf(skinColor))!;
  const base = theme === "dark" ? DARK_BACKGROUND : WHITE;
  const solid = solidPair(rgb);
  const vars: Record<string, string> = {
    "--primary": toHex(rgb),
    "--primary-foreground": toHex(solid.foreground),
    "--primary-solid": toHex(solid.background),
    // Hover moves away from the text colour, so the pair keeps its contrast.
    "--primary-solid-hover": toHex(mix(solid.background, solid.foreground[0] ? BLACK : WHITE, 0.12)),
    "--primary-dark": toHex(darken(rgb, 0.1)),
  };
  for (let step = 1; step <= 9; step++) vars[`--primary-light-${step}`] = toHex(mix(rgb, base, step / 10));
  // Text in the primary colour: links, the active tab and menu entry on the lightest step, tags.
  const surfaces = [...SURFACES[theme].map((c) => parseHex(c)!), parseHex(vars["--primary-light-9"])!, parseHex(vars["--primary-light-8"])!];
  vars["--primary-text"] = toHex(readableOn(rgb, surfaces, theme === "dark" ? WHITE : BLACK).rgb);
  return vars;
}

/** Status text shades (on the page and on their own 10 % tint) and the destructive fill, per theme. */
export function statusVariables(theme: "light" | "dark"): Record<string, string> {
  const page = parseHex(SURFACES[theme][0])!;
  const vars: Record<string, string> = {};
  for (const [name, hex] of Object.entries(STATUS_COLORS)) {
    const rgb = parseHex(hex)!;
    const tint = parseHex(toHex(mix(rgb, page, 0.9)))!;
    vars[`--${name}-text`] = toHex(readableOn(rgb, [...SURFACES[theme].map((c) => parseHex(c)!), tint], theme === "dark" ? WHITE : BLACK).rgb);
  }
  const solid = solidPair(parseHex(STATUS_COLORS.destructive)!);
  vars["--destructive-solid"] = toHex(solid.background);
  vars["--destructive-foreground"] = toHex(solid.foreground);
  return vars;
}

const block = (selector: string, vars: Record<string, string>) =>
  `${selector}{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;

/** `:root{…}.dark{…}` for a style element rendered on the server (no flash of the default colour). */
export function themeCss(skinColor: string | null | undefined): string {
  return block(":root", themeVariables(skinColor)) + block(".dark", themeVariables(skinColor, "dark"));
}
