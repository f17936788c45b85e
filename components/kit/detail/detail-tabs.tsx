"use client";

import * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { AnyRow } from "../resource/define-resource";
import { DetailRows } from "./detail-rows";
import { NestedList, type DetailContext, type DetailTab } from "./define-detail";

/** A detail's tabs: rows, a nested list narrowed to the row, or a custom part per tab. */
export function DetailTabs<Row extends AnyRow>({ tabs, tab, onTab, ctx }: { tabs: DetailTab<Row>[]; tab: string; onTab: (key: string) => void; ctx: DetailContext<Row> }) {
  return (
    <Tabs value={tab} onValueChange={onTab} data-testid="detail-tabs">
      <TabsList>
        {tabs.map((t) => {
          const count = t.count?.(ctx.row);
          return (
            <TabsTrigger key={t.key} value={t.key} data-testid={`detail-tab-${t.key}`}>
              {ctx.t(t.label)}
              {count != null && <span className="tabular-nums text-muted-foreground">({count})</span>}
              {t.badge?.(ctx.row)}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.key} value={t.key}>
          {t.rows && <DetailRows rows={t.rows} row={ctx.row} label={ctx.t} />}
          {t.list && <NestedList resource={t.list.resource} filter={t.list.filter(ctx.row)} dialogs={t.list.dialogs} onChange={t.count && ctx.refresh} />}
          {/* A panel whose code loads when it opens (a chart, a form) holds back itself only, not the tab bar or the page. */}
          {t.render && <React.Suspense fallback={<Skeleton className="h-40 w-full" />}>{t.render(ctx.row, ctx)}</React.Suspense>}
        </TabsContent>
      ))}
    </Tabs>
  );
}
