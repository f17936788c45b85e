"use client";

import { useTheme } from "@/lib/theme";
import { sonner } from "@/lib/toast";
import { usePart } from "./deferred";

/**
 * The page's one toaster, bottom right: toasts never cover the header's popovers (to-dos, messages, project).
 * It mounts when the first toast has loaded sonner, not when the page is idle: sonner adds its stylesheet as it loads,
 * and a stylesheet added to a shown page restyles all of it (on the settlement screen, frames of 28–66 ms of style
 * recalculation on a 2-core machine; issue 41, blocking time).
 */
export function ToasterHost() {
  const mod = usePart(sonner);
  // Toasts follow the console's theme (sonner's own default is light).
  const { resolvedTheme } = useTheme();
  return mod ? <mod.Toaster richColors position="bottom-right" closeButton theme={resolvedTheme === "dark" ? "dark" : "light"} /> : null;
}
