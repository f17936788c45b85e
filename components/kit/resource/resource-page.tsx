"use client";

import * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenMenu } from "@/lib/shell/menu";
import { PageFrame } from "../page-frame";
import { PageStatus } from "../page-status";
import { useSession } from "../session";
import type { AnyRow, Resource } from "./define-resource";
import { ResourceDialogs, ResourceSearch, ResourceTable, ResourceTabs } from "./resource-parts";
import { useResourceList } from "./use-resource-list";

/**
 * Renders a resource: tabs, search bar, toolbar, table with pagination (or in tree mode the
 * expandable tree) and its one dialogs host, in the page frame.
 */
export function ResourcePage<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
  return (
    <ListFrame>
      <ResourceList resource={resource} />
    </ListFrame>
  );
}

/** A list screen's component for its page (a definition is a module constant): `export const ProjectList = resourcePage(projectResource)`. */
export function resourcePage<Row extends AnyRow>(resource: Resource<Row>) {
  return function ResourceScreen() {
    return <ResourcePage resource={resource} />;
  };
}

/** A list screen's page: the page frame around it, the list's skeleton while its URL state is read. */
export function ListFrame({ children }: { children: React.ReactNode }) {
  // useSearchParams needs a Suspense boundary so the page shell can prerender.
  return (
    <React.Suspense fallback={<ListSkeleton />}>
      {/* The page frame: the route's title and the breadcrumbs from the menu tree (core §2). */}
      <PageFrame>{children}</PageFrame>
    </React.Suspense>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-4">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-14" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

/**
 * The list without the frame, or "no access" when the user's menu holds none of the screens that may read it (a
 * screen opened by its address): no call is made then. An unread menu (empty) leaves the answer to the cloud.
 */
export function ResourceList<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
  const { menus } = useSession();
  const readers = resource.readers?.map((p) => p.toLowerCase());
  const open = !readers || !menus.length || flattenMenu(menus).some(({ node }) => !!node.path && readers.includes(node.path.toLowerCase()));
  return open ? <OpenList resource={resource} /> : <PageStatus kind="noAccess" />;
}

/** The parts around the one hook (slots left and top included). */
function OpenList<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
  const list = useResourceList(resource);
  const { slots } = resource;
  return (
    <div className="flex min-h-0 flex-col gap-3 lg:flex-row" data-testid="resource-page" data-resource={resource.api}>
      {slots?.left && <aside className="lg:shrink-0">{slots.left(list.ui)}</aside>}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <ResourceTabs list={list} />
        <ResourceSearch list={list} />
        {slots?.top?.(list.ui)}
        {slots?.main ? slots.main(list.ui, <ResourceTable list={list} />) : <ResourceTable list={list} />}
      </div>
      <ResourceDialogs list={list} />
    </div>
  );
}
