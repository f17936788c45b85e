"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { deferred, useDeferredPopup } from "@/components/ui/deferred";
import { FieldClear, FieldTrigger } from "./field-trigger";

type Props = {
  /** What the closed field shows; nothing shows the placeholder. */
  shown: React.ReactNode;
  placeholder: string;
  /** Given, a clear button appears on hover while something is shown. */
  onClear?: () => void;
  /** Enter in the search box; return true to close (a typed value was taken). */
  onSearchEnter?: (keyword: string) => boolean;
  searchPlaceholder?: string;
  contentClassName?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  /** The choices for the typed keyword (trimmed, lower case); `close` after a choice. */
  children: (keyword: string, close: () => void) => React.ReactNode;
};

// The popover (radix, popper) is closed at first paint: it loads when the browser is idle or on the first click.
const popup = deferred(() => import("./popover-field-popup").then((m) => m.PopoverFieldPopup));

/** A form field that opens a searchable popover of choices (tree select, icon picker). */
export function PopoverField({ shown, placeholder, onClear, onSearchEnter, searchPlaceholder, contentClassName, disabled, invalid, id, children }: Props) {
  const t = useTranslations("kit");
  const { Part: Popup, open, setOpen, triggerProps } = useDeferredPopup(popup, "dialog");
  const [keyword, setKeyword] = React.useState("");
  const empty = shown === null || shown === undefined || shown === "";
  const search = searchPlaceholder ?? t("search.keyword");
  const trigger = <FieldTrigger id={id} disabled={disabled} invalid={invalid} empty={empty} shown={empty ? placeholder : shown} {...triggerProps} />;
  return (
    <div className="group relative">
      {Popup ? (
        <Popup
          trigger={trigger}
          open={open}
          onOpenChange={(o) => (setOpen(o), o && setKeyword(""))}
          keyword={keyword}
          onKeyword={setKeyword}
          onSearchKeyDown={(e) => {
            if (e.key === "Enter" && onSearchEnter && keyword.trim()) {
              e.preventDefault();
              if (onSearchEnter(keyword.trim())) setOpen(false);
            }
          }}
          search={search}
          contentClassName={contentClassName}
        >
          {children(keyword.trim().toLowerCase(), () => setOpen(false))}
        </Popup>
      ) : (
        trigger
      )}
      {onClear && !empty && !disabled && <FieldClear onClear={onClear} />}
    </div>
  );
}
