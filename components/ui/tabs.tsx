"use client";

import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

/** The selected tab's value: only its trigger points at a panel (the others' panels are not mounted). */
const SelectedTab = React.createContext<string | undefined>(undefined);

export function Tabs({ className, value, defaultValue, onValueChange, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const [own, setOwn] = React.useState(defaultValue);
  const selected = value ?? own;
  return (
    <SelectedTab.Provider value={selected}>
      <TabsPrimitive.Root
        data-slot="tabs"
        className={cn("flex flex-col gap-2", className)}
        value={selected}
        onValueChange={(v) => {
          setOwn(v);
          onValueChange?.(v);
        }}
        {...props}
      />
    </SelectedTab.Provider>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List data-slot="tabs-list" className={cn("inline-flex h-9 items-center rounded-lg bg-muted p-1 text-muted-foreground", className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const selected = React.useContext(SelectedTab);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      // aria-controls must name an element that exists (aria-valid-attr-value).
      {...(selected !== props.value ? { "aria-controls": undefined } : {})}
      className={cn(
        "inline-flex h-full items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-primary data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn("flex-1 outline-none", className)} {...props} />;
}
