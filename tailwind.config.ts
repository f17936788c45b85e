import type { Config } from "tailwindcss";

/** Colours are CSS variables so the company skin colour (core §9) and dark mode apply at runtime. */
const color = (name: string) => `var(--${name})`;

export default {
  darkMode: "class",
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        border: color("border"),
        input: color("input"),
        ring: color("ring"),
        background: color("background"),
        foreground: color("foreground"),
        primary: {
          DEFAULT: color("primary"),
          foreground: color("primary-foreground"),
          light: {
            1: color("primary-light-1"),
            2: color("primary-light-2"),
            3: color("primary-light-3"),
            5: color("primary-light-5"),
            7: color("primary-light-7"),
            8: color("primary-light-8"),
            9: color("primary-light-9"),
          },
          dark: color("primary-dark"),
          solid: { DEFAULT: color("primary-solid"), hover: color("primary-solid-hover") },
        },
        secondary: { DEFAULT: color("secondary"), foreground: color("secondary-foreground") },
        destructive: { DEFAULT: color("destructive"), foreground: color("destructive-foreground"), solid: color("destructive-solid") },
        muted: { DEFAULT: color("muted"), foreground: color("muted-foreground") },
        accent: { DEFAULT: color("accent"), foreground: color("accent-foreground") },
        popover: { DEFAULT: color("popover"), foreground: color("popover-foreground") },
        card: { DEFAULT: color("card"), foreground: color("card-foreground") },
        success: color("success"),
        warning: color("warning"),
      },
      // As text, the brand and status colours take their AA shades (lib/shell/colors.ts); surfaces,
      // borders and icons (bg-, border-, fill-) keep the colours themselves.
      textColor: {
        primary: { DEFAULT: color("primary-text") },
        destructive: { DEFAULT: color("destructive-text") },
        success: color("success-text"),
        warning: color("warning-text"),
      },
      borderRadius: { lg: "var(--radius)", md: "calc(var(--radius) - 2px)", sm: "calc(var(--radius) - 4px)" },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "sans-serif"],
      },
    },
  },
} satisfies Config;
