import { DEFAULT_SKIN_COLOR } from "@/lib/contract/company";

/**
 * Theme colour maths (core §9): lightening steps of 1–9 tenths towards white, a 10 % dark shade
 * and the contrast text colour by the 186 brightness threshold. Pure, so the server renders the
 * variables into the first paint.
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

/** The company skin colour, or the default when it is missing or not a hex colour. */
export function skinColorOf(value: string | null | undefined): string {
  const rgb = parseHex(value ?? "");
  return rgb ? toHex(rgb) : DEFAULT_SKIN_COLOR.toLowerCase();
}

/** The CSS variables of `app/globals.css` that follow the primary colour, light or dark theme. */
export function themeVariables(skinColor: string | null | undefined, theme: "light" | "dark" = "light"): Record<string, string> {
  const rgb = parseHex(skinColorOf(skinColor))!;
  const base = theme === "dark" ? DARK_BACKGROUND : ([255, 255, 255] as const);
  const vars: Record<string, string> = {
    "--primary": toHex(rgb),
    "--primary-foreground": contrastText(rgb),
    "--primary-dark": toHex(darken(rgb, 0.1)),
  };
  for (let step = 1; step <= 9; step++) vars[`--primary-light-${step}`] = toHex(mix(rgb, base, step / 10));
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
