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
    <ListFrame readers={resource.readers}>
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

type ListFrameProps = {
  /**
   * The menu paths that may read what the frame shows (a resource's `readers`): when the user's menu holds none
   * of them (a screen opened by its address), "no access" instead, and nothing below calls. An unread menu
   * (empty) leaves the answer to the cloud.
   */
  readers?: readonly string[];
  /**
   * A page's tabs between its lists (or a list and a settings form), under the title as a list's own tabs are;
   * the body under them is the chosen tab's. Not shown with "no access": every tab of a page is read by its menu.
   */
  tabs?: React.ReactNode;
  children: React.ReactNode;
};

/** A list screen's page: the page frame around it, the list's skeleton while its URL state is read. */
export function ListFrame({ readers, tabs, children }: ListFrameProps) {
  const { menus } = useSession();
  const list = readers?.map((p) => p.toLowerCase());
  const open = !list || !menus.length || flattenMenu(menus).some(({ node }) => !!node.path && list.includes(node.path.toLowerCase()));
  // useSearchParams needs a Suspense boundary so the page shell can prerender.
  return (
    <React.Suspense fallback={<ListSkeleton />}>
      {/* The page frame: the route's title and the breadcrumbs from the menu tree (core §2). */}
      <PageFrame tabs={open ? tabs : undefined}>{open ? children : <PageStatus kind="noAccess" />}</PageFrame>
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
 * The list without the frame (slots left and top included); its frame answers "no access" for it
 * (`<ListFrame readers={resource.readers}>`).
 */
export function ResourceList<Row extends AnyRow>({ resource }: { resource: Resource<Row> }) {
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
