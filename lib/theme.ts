"use client";

import { useSyncExternalStore } from "react";
import { STORAGE } from "@/lib/client-state";

/**
 * Light or dark: the `dark` class on <html>, remembered in localStorage. The root layout's first
 * script sets the class before paint, so nothing runs here when a page starts: next-themes applied
 * the theme once more on mount, behind a `*` rule that stops every transition, and so made the
 * browser restyle the whole page twice (style frames of 28–66 ms on the settlement screen, 2 cores;
 * issue 41, blocking time). Hydration reads light, as the server rendered, then the page's own theme.
 */
export type Theme = "light" | "dark";

const listeners = new Set<() => void>();
const current = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

function apply(theme: Theme) {
  if (current() === theme) return;
  // No colour fades across the whole page while it changes theme.
  const still = document.createElement("style");
  still.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(still);
  document.documentElement.classList.toggle("dark", theme === "dark");
  // Restyle with transitions off now; the rule goes once that is done.
  void getComputedStyle(document.body).color;
  setTimeout(() => still.remove(), 1);
  for (const listener of listeners) listener();
}

/** Another tab's choice follows here. */
function onStorage(e: StorageEvent) {
  if (e.key === STORAGE.theme) apply(e.newValue === "dark" ? "dark" : "light");
}

function subscribe(listener: () => void) {
  if (!listeners.size) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) window.removeEventListener("storage", onStorage);
  };
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE.theme, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  apply(theme);
}

/** The theme on screen. */
export function useTheme(): { resolvedTheme: Theme; setTheme: (theme: Theme) => void } {
  const resolvedTheme = useSyncExternalStore(subscribe, current, () => "light" as const);
  return { resolvedTheme, setTheme };
}
