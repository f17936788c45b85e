"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListFrame, ResourceList } from "@/components/kit";
import { TabStrip } from "@/components/ui/tab-strip";
import { menusOf } from "@/lib/contract/call";
import { simAlarmApi } from "@/lib/contract/sim/alarm";
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
export function SimSetView() {
  const t = useTranslations("sim.tabs");
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "expire";
  return (
    <ListFrame
      // The alarm settings are read by the same menu as the lists: no access shows on every tab alike.
      readers={tab === "alarm" ? menusOf(simAlarmApi.info) : (tab === "account" ? carrierAccountResource : simSetResource).readers}
      tabs={<TabStrip value={tab} onChange={(v) => router.replace(v === "expire" ? pathname : `${pathname}?tab=${v}`, { scroll: false })} items={TABS.map((k) => ({ name: k, label: t(k) }))} />}
    >
      {tab === "account" ? <ResourceList key="account" resource={carrierAccountResource} /> : tab === "alarm" ? <SimAlarmSettings /> : <ResourceList key="expire" resource={simSetResource} />}
    </ListFrame>
  );
}
