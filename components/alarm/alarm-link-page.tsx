"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListFrame, ResourceList } from "@/components/kit";
import { TabStrip } from "@/components/ui/tab-strip";
import { contactResource, groupResource } from "./link-resources";

const TABS = ["contact", "group"] as const;
type Tab = (typeof TABS)[number];

/**
 * Alarm contacts (alarmLink): contacts and contact groups, one list at a time under two tabs. The
 * tab lives in the URL (`?tab=group`); switching starts the other list fresh (its own paging and
 * filters), as each list keeps its state in the URL.
 */
export function AlarmLinkPage() {
  const t = useTranslations("alarm.link.tabs");
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab: Tab = params.get("tab") === "group" ? "group" : "contact";
  return (
    <ListFrame readers={(tab === "group" ? groupResource : contactResource).readers} tabs={<TabStrip value={tab} onChange={(v) => router.replace(v === "group" ? `${pathname}?tab=group` : pathname, { scroll: false })} items={TABS.map((k) => ({ name: k, label: t(k) }))} />}>
      {tab === "group" ? <ResourceList key="group" resource={groupResource} /> : <ResourceList key="contact" resource={contactResource} />}
    </ListFrame>
  );
}
