"use client";

import type { ColumnTweaks } from "@/components/kit/resource/entity-views";
import { DictText } from "@/components/kit/table/cells";
import type { FunctionRow } from "@/lib/contract/device/product";
import type { DataSpec } from "@/lib/contract/device/thing-model";

/** "float −30 … 30 °" — a data type in one line for the lists. */
export function DataTypeText({ spec }: { spec?: DataSpec | null }) {
  if (!spec) return <>-</>;
  const range = "min" in spec ? ` ${spec.min} … ${spec.max}${spec.unit ? ` ${spec.unit}` : ""}` : spec.type === "text" ? ` ≤ ${spec.length}` : spec.type === "array" ? ` [${spec.size}]` : "";
  return (
    <span className="whitespace-nowrap">
      <DictText dict="dataType" value={spec.type} />
      <span className="text-muted-foreground">{range}</span>
    </span>
  );
}

/** At 1440 px in English (issue 40) the creation time gives way. */
export const functionColumns: ColumnTweaks<FunctionRow> = {
  dataType: { render: (row) => <DataTypeText spec={row.dataType} />, minWidth: 200 },
  createTime: { dropOrder: 1 },
};
