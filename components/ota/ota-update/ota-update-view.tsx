"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { TabStrip } from "@/components/ui/tab-strip";
import { OtaPackageList } from "./package-resource";
import { OtaTaskList } from "./task-resource";

const TABS = ["packages", "tasks"] as const;

/** /OTAUpdate: upgrade packages and upgrade tasks, one list at a time (the tab is in the URL). */
export function OtaUpdateView() {
  const t = useTranslations("ota");
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const tab = params.get("tab") === "tasks" ? "tasks" : "packages";
  return (
    <div className="flex flex-col gap-3">
      <TabStrip value={tab} onChange={(name) => router.replace(`${path}?tab=${name}`)} items={TABS.map((name) => ({ name, label: t(`tabs.${name}`), testId: `ota-tab-${name}` }))} />
      {tab === "packages" ? <OtaPackageList key="packages" /> : <OtaTaskList key="tasks" />}
    </div>
  );
}
