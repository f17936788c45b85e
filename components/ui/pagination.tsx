"use client";

import * as React from "react";
import { ChevronLeftIcon, ChevronRightIcon, MoreHorizontalIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { LazySelect } from "./lazy-select";

/** Page numbers to show: first, last, the current ±2, with gaps marked by null (Element's pager of 7). */
function pagerItems(page: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(page - 2, pages - 5));
  const end = Math.min(pages - 1, Math.max(page + 2, 6));
  const out: (number | null)[] = [1];
  if (start > 2) out.push(null);
  for (let p = start; p <= end; p++) out.push(p);
  if (end < pages - 1) out.push(null);
  out.push(pages);
  return out;
}

type Props = {
  page: number;
  size: number;
  total: number;
  pageSizes: readonly number[];
  onChange: (page: number, size: number) => void;
  className?: string;
};

/** Layout total, sizes, prev, pager, next, jumper (widgets §9). */
export function Pagination({ page, size, total, pageSizes, onChange, className }: Props) {
  const t = useTranslations("kit.pagination");
  const pages = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = React.useState("");
  const go = (p: number) => {
    const target = Math.min(pages, Math.max(1, Math.trunc(p)));
    if (Number.isFinite(target) && target !== page) onChange(target, size);
  };
  const btn = "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm hover:text-primary disabled:pointer-events-none disabled:opacity-40";
  return (
    <nav className={cn("flex flex-wrap items-center justify-end gap-2 text-sm text-muted-foreground", className)} aria-label={t("label")} data-testid="pagination">
      <span data-testid="pagination-total">{t("total", { total })}</span>
      <LazySelect
        value={String(size)}
        onValueChange={(v) => onChange(1, Number(v))}
        options={pageSizes.map((s) => ({ value: String(s), label: t("perPage", { size: s }) }))}
        trigger={{ className: "h-7 w-auto min-w-[6.5rem] gap-1 text-xs", "aria-label": t("perPage", { size }) }}
      />
      <button type="button" className={btn} disabled={page <= 1} onClick={() => go(page - 1)} aria-label={t("prev")}>
        <ChevronLeftIcon className="size-4" />
      </button>
      {pagerItems(page, pages).map((p, i) =>
        p === null ? (
          <MoreHorizontalIcon key={`gap${i}`} className="size-4" />
        ) : (
          <button
            key={p}
            type="button"
            className={cn(btn, "font-medium", p === page ? "bg-primary-solid text-primary-foreground hover:text-primary-foreground" : "bg-secondary text-foreground")}
            aria-current={p === page ? "page" : undefined}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={btn} disabled={page >= pages} onClick={() => go(page + 1)} aria-label={t("next")}>
        <ChevronRightIcon className="size-4" />
      </button>
      <span className="flex items-center gap-1">
        {t.rich("goto", {
          input: () => (
            <input
              className="h-7 w-12 rounded border border-input bg-background text-center text-foreground outline-none focus:border-primary"
              inputMode="numeric"
              aria-label={t("gotoLabel")}
              value={jump}
              onChange={(e) => setJump(e.target.value.replace(/\D/g, ""))}
              onKeyDown={(e) => {
                if (e.key === "Enter" && jump) {
                  go(Number(jump));
                  setJump("");
                }
              }}
              onBlur={() => {
                if (jump) go(Number(jump));
                setJump("");
              }}
            />
          ),
        })}
      </span>
    </nav>
  );
}
