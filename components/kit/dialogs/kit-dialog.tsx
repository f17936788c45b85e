"use client";

import * as React from "react";
import { Maximize2Icon, Minimize2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { useSubmitOnce } from "../use-submit-once";
import { DialogActions, type DialogActionsProps } from "./dialog-actions";

type Props = {
  /** Default true: most dialogs are mounted only while open. */
  open?: boolean;
  /** What closing does (Escape, the ×, a click outside, the footer's Close or Cancel). */
  onClose?: () => void;
  /** For an opener that holds the open state itself and passes its setter on (a picker's `onOpenChange`). */
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Width in px (default 800, widgets §9). */
  width?: number;
  /** The usual footers: "close" (one Close button), or Cancel and one action (`DialogActions`). */
  actions?: "close" | Omit<DialogActionsProps, "onCancel">;
  /** A footer of one primary button and no Cancel (closing is the ×, Escape or a click outside). */
  primary?: { label: string; onClick: () => unknown; disabled?: boolean; testId?: string };
  /** Any other footer. */
  footer?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  testId?: string;
};

/** The generic dialog: title bar with a fullscreen toggle, scrolling body, footer. */
export function KitDialog({ open = true, onClose, onOpenChange, title, description, width = 800, actions, primary, footer, children, className, testId }: Props) {
  const t = useTranslations("kit.actions");
  // The primary action, like DialogActions' submit, runs once at a time.
  const [primaryBusy, runPrimary] = useSubmitOnce(primary?.onClick);
  const close = () => {
    onOpenChange?.(false);
    onClose?.();
  };
  const foot =
    actions === "close" ? (
      <Button size="sm" variant="outline" onClick={close}>
        {t("close")}
      </Button>
    ) : actions ? (
      <DialogActions onCancel={close} {...actions} />
    ) : primary ? (
      <Button type="button" size="sm" onClick={() => void runPrimary()} disabled={primary.disabled || primaryBusy} aria-busy={primaryBusy || undefined} data-testid={primary.testId}>
        {primary.label}
      </Button>
    ) : (
      footer
    );
  const [full, setFull] = React.useState(false);
  // Focus goes back to what opened the dialog. Dialogs open from the URL, so the list may have
  // re-rendered that button meanwhile: then its successor (same test id or action) takes it.
  const opener = React.useRef<{ el: HTMLElement; selector: string | null } | null>(null);
  // Called before the focus moves in: the active element is still the opener.
  const rememberOpener = () => {
    const el = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const key = el?.dataset.testid ? `[data-testid="${el.dataset.testid}"]` : el?.dataset.action ? `[data-action="${el.dataset.action}"]` : null;
    opener.current = el ? { el, selector: key } : null;
  };
  const returnFocus = (e: Event) => {
    const o = opener.current;
    if (!o) return;
    const target = o.el.isConnected ? o.el : o.selector ? document.querySelector<HTMLElement>(o.selector) : null;
    if (!target) return;
    e.preventDefault();
    target.focus();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange?.(true) : close())}>
      <DialogContent
        data-testid={testId}
        onOpenAutoFocus={rememberOpener}
        onCloseAutoFocus={returnFocus}
        // The width applies from md up; below it the dialog is a full-screen sheet (components/ui/dialog).
        style={{ "--dialog-width": `${width}px` } as React.CSSProperties}
        className={cn(
          "flex flex-col gap-0 p-0",
          full ? "h-screen max-h-screen w-screen max-w-none rounded-none sm:max-w-none" : "max-h-[90vh] sm:max-w-none md:max-w-[min(var(--dialog-width),calc(100%-2rem))]",
          className,
        )}
      >
        <DialogHeader className="flex-row items-center border-b px-5 py-3 pr-20">
          <DialogTitle className="text-base">{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">{title}</DialogDescription>}
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {foot && <DialogFooter className="border-t px-5 py-3">{foot}</DialogFooter>}
        {/* After the body in the DOM so the first field, not this toggle, gets the initial focus. */}
        <button
          type="button"
          className="absolute top-3.5 right-11 rounded-sm opacity-70 transition-opacity hover:opacity-100"
          onClick={() => setFull((f) => !f)}
          aria-label={full ? t("exitFullscreen") : t("fullscreen")}
          title={full ? t("exitFullscreen") : t("fullscreen")}
        >
          {full ? <Minimize2Icon className="size-4" /> : <Maximize2Icon className="size-4" />}
        </button>
      </DialogContent>
    </Dialog>
  );
}
