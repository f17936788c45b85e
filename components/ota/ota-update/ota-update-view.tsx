"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { ListFrame, ResourceList } from "@/components/kit";
import { TabStrip } from "@/components/ui/tab-strip";
import { otaPackageResource } from "./package-resource";
import { otaTaskResource } from "./task-resource";

const TABS = ["packages", "tasks"] as const;

/**
 * /OTAUpdate: upgrade packages and upgrade tasks, one list at a time. `?tab=tasks` opens on the
 * tasks (the detail's way back); the choice is then the page's own, since each list writes its own
 * state into the URL.
 */
export function OtaUpdateView() {
  const t = useTranslations("ota");
  const params = useSearchParams();
  const [tab, setTab] = React.useState(params.get("tab") === "tasks" ? "tasks" : "packages");
  return (
    <ListFrame readers={(tab === "tasks" ? otaTaskResource : otaPackageResource).readers} tabs={<TabStrip value={tab} onChange={setTab} items={TABS.map((name) => ({ name, label: t(`tabs.${name}`), testId: `ota-tab-${name}` }))} />}>
      {tab === "tasks" ? <ResourceList key="tasks" resource={otaTaskResource} /> : <ResourceList key="packages" resource={otaPackageResource} />}
    </ListFrame>
  );
}
