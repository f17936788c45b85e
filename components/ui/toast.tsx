"use client";

import { sonner } from "@/lib/toast";
import { useDeferred } from "./deferred";

/** The page's one toaster, bottom right: toasts never cover the header's popovers (to-dos, messages, project). */
export function ToasterHost() {
  const mod = useDeferred(sonner);
  return mod ? <mod.Toaster richColors position="bottom-right" closeButton /> : null;
}
