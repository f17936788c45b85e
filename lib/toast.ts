import type { ReactNode } from "react";
import type { ExternalToast } from "sonner";
import { deferred } from "./deferred";

/**
 * Toasts without sonner in any page's first load: the first toast loads it, and the toaster
 * (`ToasterHost`) mounts when it has arrived. Nothing is lost in between: a toaster shows the
 * toasts that are still active when it mounts.
 */
export const sonner = deferred(() => import("sonner"));

type Show = (message: ReactNode, data?: ExternalToast) => void;
const show =
  (kind: "success" | "error" | "info" | "warning"): Show =>
  (message, data) =>
    void sonner.load().then((m) => m.toast[kind](message, data), () => {});

export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };
export type { ExternalToast };
