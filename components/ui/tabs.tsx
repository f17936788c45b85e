"use client";

import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";
import { TABS_LIST, TABS_TRIGGER } from "./tabs-style";

/**
 * The panels that exist: a trigger points at its panel (aria-controls) only when there is one —
 * tabs used as a filter have none (aria-valid-attr-value).
 */
const Panels = React.createContext<{ mounted: ReadonlySet<string>; mount: (value: string) => () => void }>({ mounted: new Set(), mount: () => () => undefined });

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const [mounted, setMounted] = React.useState<ReadonlySet<string>>(new Set());
  const mount = React.useCallback((value: string) => {
    setMounted((s) => new Set(s).add(value));
    return () =>
      setMounted((s) => {
        const next = new Set(s);
        next.delete(value);
        return next;
      });
  }, []);
  const panels = React.useMemo(() => ({ mounted, mount }), [mounted, mount]);
  return (
    <Panels.Provider value={panels}>
      <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col gap-2", className)} {...props} />
    </Panels.Provider>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List data-slot="tabs-list" className={cn(TABS_LIST, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { mounted } = React.useContext(Panels);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      {...(mounted.has(props.value) ? {} : { "aria-controls": undefined })}
      className={cn(TABS_TRIGGER, className)}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  const { mount } = React.useContext(Panels);
  // The panel's element says it exists (Radix keeps an inactive one, hidden).
  const { value } = props;
  const present = React.useCallback((node: HTMLDivElement | null) => (node ? mount(value) : undefined), [mount, value]);
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn("flex-1 outline-none", className)} {...props} ref={present} />;
}
