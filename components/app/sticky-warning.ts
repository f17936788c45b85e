import { toast, type ExternalToast } from "@/lib/toast";

/**
 * A warning shown once after sign-in that the user has to be able to read and act on: it stays
 * until closed (the default few seconds go by while the page loads), and one `id` per kind
 * replaces an earlier toast of that kind instead of stacking.
 */
export function stickyWarning(id: string, title: string, extra: Pick<ExternalToast, "description" | "action"> = {}) {
  toast.warning(title, { ...extra, id, duration: Infinity, closeButton: true });
}
