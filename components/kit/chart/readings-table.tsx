"use client";

import * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { DataTable, type TableColumn } from "../table/data-table";

/**
 * The readings under a chart, a row per time `t` (epoch ms): the time column, then the screen's
 * value columns, in a card of its own (with a title when given).
 */
export function ReadingsTable<Row extends { t: number }>({ title, timeHeader, columns, rows, loading }: { title?: React.ReactNode; timeHeader: string; columns: TableColumn<Row>[]; rows: Row[]; loading?: boolean }) {
  const all = React.useMemo<TableColumn<Row>[]>(() => [{ id: "t", header: timeHeader, cell: ({ row }) => formatDateTime(new Date(row.original.t)) }, ...columns], [timeHeader, columns]);
  return (
    <Card>
      {title && (
        <CardHeader className="pb-2">
          <CardTitle className="text-sm">{title}</CardTitle>
        </CardHeader>
      )}
      <CardContent className="p-0">
        <DataTable columns={all} layout={{ t: { width: 170 } }} rows={rows} getRowId={(r) => String(r.t)} height={320} size="small" loading={loading} />
      </CardContent>
    </Card>
  );
}
