/**
 * Component tests render tables as every table after a session's first: with TanStack Table at hand
 * (in the browser it loads as the first table mounts: `tableModel` in components/kit/table/data-table.tsx,
 * whose own test covers the first table).
 */
export {};

if (typeof window !== "undefined") await (await import("@/components/kit/table/data-table")).tableModel.load();
