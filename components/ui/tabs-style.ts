/** The look of a tab list and its tabs, shared by the radix tabs (with panels) and the plain tab strip. */
export const TABS_LIST = "inline-flex h-9 items-center rounded-lg bg-muted p-1 text-muted-foreground";
export const TABS_TRIGGER =
  "inline-flex h-full items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-primary data-[state=active]:shadow-sm";
