"use client";

import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";

export type TabStripItem = { name: string; label: React.ReactNode; count?: number; disabled?: boolean; title?: string };

/**
 * A list's tab strip (radix tabs, roving focus): its own chunk, so that only the pages whose
 * resource has tabs load it — they render it on the server, which puts it in their first load.
 */
export default function ResourceTabStrip({ value, onChange, items }: { value: string; onChange: (name: string) => void; items: TabStripItem[] }) {
  return (
    <Tabs value={value} onValueChange={onChange}>
      <TabsList>
        {items.map((i) => (
          <TabsTrigger key={i.name} value={i.name} disabled={i.disabled} title={i.title} data-testid={`tab-${i.name}`}>
            {i.label}
            {i.count !== undefined && <span className="text-xs">({i.count})</span>}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
