"use client";

import type * as React from "react";
import { flexRender, rowSelectionFeature, tableFeatures, useTable, type ReactTable, type RowData, type TableOptions } from "@tanstack/react-table";

/**
 * TanStack Table for the kit's DataTable (row selection feature only: paging and sorting are the
 * server's). Loaded as a table mounts, beside its first data call: the table's first paint — the
 * header and the loading rows — needs none of it (`tableModel` in data-table.tsx).
 */
export const features = tableFeatures({ rowSelectionFeature });
export type TableModelOptions<Row extends RowData> = Omit<TableOptions<typeof features, Row>, "features">;
export type TableInstance<Row extends RowData> = ReactTable<typeof features, Row>;

/** The table of these options, handed to `children` (a hook's state, rendered by the caller). */
export function TableModel<Row extends RowData>({ options, children }: { options: TableModelOptions<Row>; children: (table: TableInstance<Row>) => React.ReactNode }) {
  const table = useTable({ features, ...options } as TableOptions<typeof features, Row>);
  return children(table);
}

export { flexRender };
