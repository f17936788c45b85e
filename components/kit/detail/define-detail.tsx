"use client";

import * as React from "react";
import useSWR from "swr";
import Link from "next/link";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { swrFetcher } from "@/lib/api/fetcher";
import { callKey } from "@/lib/api/call";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useInBrowser } from "@/components/ui/deferred";
import { Skeleton } from "@/components/ui/skeleton";
import { usePermissions } from "../can";
import { DetailRows } from "./detail-rows";
import { PageFrame } from "../page-frame";
import type { AnyRow, DetailContext, DetailLayout, DetailRow, DetailSection, Resource } from "../resource/resource-types";

export type { DetailContext, DetailLayout, DetailSection, DetailTab } from "../resource/resource-types";
import { ResourceDialogs, ResourceSearch, ResourceTable } from "../resource/resource-parts";
import { useResourceList } from "../resource/use-resource-list";
import { deriveDetailRows, type Entity, type Tweaks } from "../resource/entity-views";
import { useNsLabel } from "../use-ns-label";

/**
 * The tabs of a detail (radix tabs with panels): loaded with the first detail that has them, not with every list that
 * defines one — beside the row's call (`DetailBody`), and in a boundary of their own: a part that suspends under the
 * page's boundary puts the page's skeleton in place of every card until its code arrives. Not rendered on the server
 * when the row comes with the page (`RowFallback`): the cards are the first paint, and the tabs' code (a nested
 * list's table, say) stays out of the page's first load.
 */
const loadTabs = () => import("./detail-tabs");
const DetailTabs = dynamic(() => loadTabs().then((m) => m.DetailTabs), { ssr: false, loading: () => <Skeleton className="h-10 w-full" /> }) as typeof import("./detail-tabs").DetailTabs;

const alwaysShown = () => true;

export type DetailAction<Row extends AnyRow> = {
  key: string;
  label: string;
  icon?: React.ReactNode;
  perm?: string;
  show?: (row: Row) => boolean;
  /** A link (e.g. the list's edit dialog: `/systemSet/userSet?edit=3`) or a click. */
  href?: (row: Row) => string;
  onClick?: (row: Row, ctx: DetailContext<Row>) => void;
};

type DetailTexts<Row extends AnyRow> =
  | {
      /**
       * The row's contract: `ns` is its namespace, the title its name field, the test id
       * `<entity>-info`, and a first card (`basic`) holds its detail rows, tweaked by `rows`.
       */
      entity: Entity;
      rows?: Tweaks<DetailRow<Row>>;
      /** The first card's title, badge, width… */
      basic?: Omit<DetailSection<Row>, "key" | "rows">;
      /** Cards shown before the detail rows' card: what a person opens the page for, when it is not the row's settings. */
      lead?: DetailSection<Row>[];
      ns?: undefined;
    }
  | {
      /** Message prefix of every label. */
      ns: string;
      entity?: undefined;
      rows?: undefined;
      basic?: undefined;
      lead?: undefined;
    };

export type DetailConfig<Row extends AnyRow> = DetailLayout<Row> &
  DetailTexts<Row> & {
  /** The GET call of one row, made with `{ [keyId]: <?id= of the URL> }`. */
  info: AnyCall;
  keyId?: string;
  /** The page's back target (a route name or a path, see PageFrame). */
  back?: string;
  /** The page title once the row is loaded (default the route's title). */
  title?: (row: Row) => string;
  actions?: DetailAction<Row>[];
  /** Dialogs of the page (e.g. opened by actions through the URL). */
  dialogs?: (ctx: { refresh: () => Promise<unknown> }) => React.ReactNode;
  /** Test id of the body (and `<testId>-missing` of the not-found note). */
  testId?: string;
};

export type Detail<Row extends AnyRow> = Omit<DetailConfig<Row>, "ns" | "entity" | "rows" | "basic" | "lead"> & { ns: string; keyId: string };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A detail page (`?id=` of the URL) or the body of a view dialog; see `DetailView`. */
export function defineDetail<Row extends AnyRow>(config: DetailConfig<Row>): Detail<Row> {
  const { entity, rows, basic, lead, ...rest } = config;
  if (!entity) return { ...rest, ns: config.ns!, keyId: config.keyId ?? "id" };
  const name = entity.nameField ?? Object.keys(entity.fields)[0];
  return {
    ...rest,
    ns: entity.ns,
    keyId: config.keyId ?? "id",
    title: config.title ?? ((row) => String(row[name] ?? "")),
    testId: config.testId ?? `${kebab(entity.ns.split(".").pop()!)}-info`,
    sections: [...(lead ?? []), { ...basic, key: "basic", rows: deriveDetailRows<Row>(entity, rows) }, ...(config.sections ?? [])],
  };
}

type NestedListProps<Row extends AnyRow> = { resource: Resource<Row>; filter: Record<string, unknown>; dialogs?: boolean; onChange?: () => unknown };

/**
 * A resource list narrowed to a row (a detail tab's `list`; custom tabs and cards whose resource depends on the row use
 * it too). Rendered in the browser only: its rows come from the browser's call anyway, and on the server, where the
 * detail's row comes with the page (`RowFallback`), it would put its dialogs' code in the page's first load.
 */
export function NestedList<Row extends AnyRow>(props: NestedListProps<Row>) {
  return useInBrowser() ? <NestedListBody {...props} /> : <Skeleton className="h-72" />;
}

function NestedListBody<Row extends AnyRow>({ resource, filter, dialogs = true, onChange }: NestedListProps<Row>) {
  const list = useResourceList(resource, filter);
  // A row added or removed here changes the detail's counts: read the detail again.
  const seen = React.useRef<number | null>(null);
  const { total, loading } = list;
  React.useEffect(() => {
    if (loading) return;
    if (seen.current !== null && seen.current !== total) onChange?.();
    seen.current = total;
  }, [total, loading, onChange]);
  return (
    <div className="flex flex-col gap-3" data-testid="detail-list" data-resource={resource.api}>
      <ResourceSearch list={list} />
      <ResourceTable list={list} />
      {dialogs && <ResourceDialogs list={list} />}
    </div>
  );
}

function Section<Row extends AnyRow>({ section, ctx, plain }: { section: DetailSection<Row>; ctx: DetailContext<Row>; plain?: boolean }) {
  const { row, t } = ctx;
  // The same hook on every render: a section's `useShown` never changes.
  const useShown = section.useShown ?? alwaysShown;
  const shown = useShown(row);
  if (!shown) return null;
  const lead = section.lead?.(row, ctx);
  const content = (
    <div className={cn(lead !== undefined && "flex flex-col gap-6 sm:flex-row")}>
      {lead !== undefined && <div className="flex shrink-0 flex-col items-center gap-2">{lead}</div>}
      <div className="min-w-0 flex-1">
        {section.rows && <DetailRows rows={section.rows} row={row} label={t} />}
        {/* A lazy part (a pad, a SIM card) holds back its own card only, not the page. */}
        {section.render && <React.Suspense fallback={<Skeleton className="h-24 w-full" />}>{section.render(row, ctx)}</React.Suspense>}
      </div>
    </div>
  );
  const heading = section.title && (
    <div className="flex items-center justify-between gap-2">
      <h3 className="text-base font-semibold">{t(section.title)}</h3>
      {section.badge?.(row, ctx)}
    </div>
  );
  // In a dialog the sections are plain blocks; on a page each is a card.
  if (plain)
    return (
      <section className="flex flex-col gap-2" data-section={section.key}>
        {heading}
        {content}
      </section>
    );
  return (
    <Card className={SPANS[section.span ?? 3]} data-section={section.key}>
      {heading && <CardHeader>{heading}</CardHeader>}
      <CardContent className={cn(!heading && "pt-6")}>{content}</CardContent>
    </Card>
  );
}

const SPANS = { 1: "xl:col-span-1", 2: "xl:col-span-2", 3: "xl:col-span-3" } as const;

/**
 * The one renderer of a row's details (detail pages and the kit's view dialog): the cards in a
 * three-column grid, then the tabs (rows, a nested list narrowed to the row, or a custom part).
 */
export function DetailView<Row extends AnyRow>({ layout, ctx, plain }: { layout: DetailLayout<Row>; ctx: DetailContext<Row>; plain?: boolean }) {
  const tabs = (layout.tabs ?? []).filter((t) => !t.show || t.show(ctx.row));
  const [chosen, setTab] = React.useState(tabs[0]?.key ?? "");
  // A tab the row no longer offers (after a refresh) gives way to the first.
  const tab = tabs.some((t) => t.key === chosen) ? chosen : (tabs[0]?.key ?? "");
  return (
    <div className="flex flex-col gap-4">
      {layout.sections && layout.sections.length > 0 && (
        // One column that never grows past the page: a card with a long value wraps it on a phone, not widens the page.
        <div className={cn("grid grid-cols-[minmax(0,1fr)] items-start gap-4", !plain && "xl:grid-cols-3")}>
          {layout.sections.map((s) => (
            <Section key={s.key} section={s} ctx={ctx} plain={plain} />
          ))}
        </div>
      )}
      {tabs.length > 0 && <DetailTabs tabs={tabs} tab={tab} onTab={setTab} ctx={ctx} />}
    </div>
  );
}

function DetailBody<Row extends AnyRow>({ detail }: { detail: Detail<Row> }) {
  const tk = useTranslations("kit");
  const t = useNsLabel(detail.ns);
  const { can } = usePermissions();
  const id = useSearchParams().get(detail.keyId);
  const valid = !!id && /^\d+$/.test(id);
  const hasTabs = !!detail.tabs?.length;
  React.useEffect(() => {
    if (hasTabs) void loadTabs();
  }, [hasTabs]);
  const { data, error, mutate } = useSWR<Row>(valid ? callKey(detail.info, { [detail.keyId]: id } as CallInput<AnyCall>) : null, swrFetcher, { shouldRetryOnError: false });
  const refresh = React.useCallback(() => mutate(), [mutate]);
  const ctx = React.useMemo(() => (data ? { row: data, t, refresh } : null), [data, t, refresh]);
  const actions = ctx ? (detail.actions ?? []).filter((a) => can(a.perm) && (!a.show || a.show(ctx.row))) : [];
  return (
    <PageFrame
      back={detail.back}
      title={data && detail.title ? detail.title(data) : undefined}
      actions={
        ctx &&
        actions.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {actions.map((a) =>
              a.href ? (
                <Button key={a.key} size="sm" variant="outline" asChild data-action={a.key}>
                  <Link href={a.href(ctx.row)}>
                    {a.icon}
                    {t(a.label)}
                  </Link>
                </Button>
              ) : (
                <Button key={a.key} size="sm" variant="outline" onClick={() => a.onClick?.(ctx.row, ctx)} data-action={a.key}>
                  {a.icon}
                  {t(a.label)}
                </Button>
              ),
            )}
          </div>
        )
      }
    >
      {!valid || (error && !data) ? (
        <p className="rounded-md border bg-card p-8 text-center text-sm text-muted-foreground" data-testid={detail.testId ? `${detail.testId}-missing` : "detail-missing"}>
          {tk("form.notFound")}
        </p>
      ) : !ctx ? (
        <Skeleton className="h-72" />
      ) : (
        <div data-testid={detail.testId ?? "detail"}>
          <DetailView layout={detail} ctx={ctx} />
        </div>
      )}
      {detail.dialogs?.({ refresh })}
    </PageFrame>
  );
}

/** A detail page: the row of `?id=`, its cards and tabs, actions in the title bar, back to its list. */
export function DetailPage<Row extends AnyRow>({ detail }: { detail: Detail<Row> }) {
  // useSearchParams needs a Suspense boundary so the page shell can prerender.
  return (
    <React.Suspense fallback={<Skeleton className="m-4 h-72" />}>
      <DetailBody detail={detail} />
    </React.Suspense>
  );
}
