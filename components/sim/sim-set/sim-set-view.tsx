"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListFrame, ResourceList } from "@/components/kit";
import { TabStrip } from "@/components/ui/tab-strip";
import { carrierAccountResource } from "./carrier-account-resource";
import { simSetResource } from "./sim-set-resource";

/** The alarm tab (a settings form): loaded with the tab, not with the default expiry list. */
const SimAlarmSettings = dynamic(() => import("./sim-alarm-settings").then((m) => m.SimAlarmSettings));

const TABS = ["expire", "alarm", "account"] as const;
type Tab = (typeof TABS)[number];

/**
 * SIM settings (/sim/simSet): expiry rules, alarms (settings and pool lines) and carrier accounts,
 * one at a time under tabs kept in the URL (`?tab=alarm`), each list with its own paging and filters.
 */
function SimSetTabs() {
  const t = useTranslations("sim.tabs");
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "expire";
  return (
    <div className="flex flex-col gap-3">
      <TabStrip value={tab} onChange={(v) => router.replace(v === "expire" ? pathname : `${pathname}?tab=${v}`, { scroll: false })} items={TABS.map((k) => ({ name: k, label: t(k) }))} />
      {tab === "account" ? <ResourceList key="account" resource={carrierAccountResource} /> : tab === "alarm" ? <SimAlarmSettings /> : <ResourceList key="expire" resource={simSetResource} />}
    </div>
  );
}

export function SimSetView() {
  return (
    <ListFrame>
      <SimSetTabs />
    </ListFrame>
  );
}
