"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { PageFrame, useUrlParam } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import { debugApi } from "@/lib/contract/device/debug";
import { cn } from "@/lib/utils";

/** The devices the user may operate, searchable by name or SN; the chosen one is `?device=` in the URL. */
function DevicePane({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const t = useTranslations("deviceOps.debug");
  const [keyword, setKeyword] = React.useState("");
  const [typed, setTyped] = React.useState("");
  React.useEffect(() => {
    const h = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(h);
  }, [typed]);
  const { data } = useCall(debugApi.devices, { keyword }, { keepPreviousData: true });
  return (
    <aside className="flex w-full shrink-0 flex-col gap-2 rounded-md border p-3 lg:w-72" aria-label={t("pickDevice")}>
      <div className="relative">
        <Search className="absolute top-2.5 left-2 size-4 text-muted-foreground" aria-hidden="true" />
        <Input className="pl-8" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t("search")} aria-label={t("search")} data-testid="debug-device-search" />
      </div>
      <ul className="max-h-[60vh] space-y-1 overflow-auto" data-testid="debug-devices">
        {data?.length === 0 && <li className="py-4 text-center text-sm text-muted-foreground">{t("noDevices")}</li>}
        {data?.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              onClick={() => onSelect(d.id)}
              aria-current={selected === d.id ? "true" : undefined}
              data-sn={d.sn}
              className={cn("flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent", selected === d.id && "bg-accent font-medium")}
            >
              <span className={cn("size-2 shrink-0 rounded-full", d.status === 2 ? "bg-success" : d.status === 3 ? "bg-warning" : "bg-muted-foreground/40")} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{d.name}</span>
                <span className="block truncate font-mono text-xs text-muted-foreground">{d.sn}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

// A device's console (command form, stream, cycle, history) loads when a device is first chosen.
const DeviceDebug = dynamic(() => import("./device-debug").then((m) => m.DeviceDebug));

/**
 * Online debugging (/debug): pick a device, watch its raw traffic live, send it a property-set
 * or a service call built from its thing model, restart or re-initialise it, change its
 * reporting cycle, and see each request beside the device's reply.
 */
export function DebugConsole() {
  const t = useTranslations("deviceOps.debug");
  const [param, setParam] = useUrlParam("device");
  const selected = param && /^\d+$/.test(param) ? Number(param) : null;
  return (
    <PageFrame>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <DevicePane selected={selected} onSelect={setParam} />
        {selected ? <DeviceDebug deviceId={selected} /> : <p className="flex-1 rounded-md border border-dashed p-10 text-center text-sm text-muted-foreground">{t("pickFirst")}</p>}
      </div>
    </PageFrame>
  );
}
