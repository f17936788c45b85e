"use client";

import { useTheme } from "next-themes";
import { sonner } from "@/lib/toast";
import { useDeferred } from "./deferred";

/** The page's one toaster, bottom right: toasts never cover the header's popovers (to-dos, messages, project). */
export function ToasterHost() {
  const mod = useDeferred(sonner);
  // Toasts follow the console's theme (sonner's own default is light).
  const { resolvedTheme } = useTheme();
  return mod ? <mod.Toaster richColors position="bottom-right" closeButton theme={resolvedTheme === "dark" ? "dark" : "light"} /> : null;
}
