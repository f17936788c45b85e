"use client";

import * as React from "react";
import type { Resource } from "@/components/kit";
import { NestedList } from "@/components/kit/detail/define-detail";

/**
 * The functions of a product or an object model, in its detail: their resource is built for the
 * owner (form defaults, pickers), once per owner, and the list is narrowed to it.
 */
export function OwnerFunctions<Row extends Record<string, unknown>>({ owner, id, resource: make, onChange }: { owner: "productId" | "modelId"; id: number; resource: (id: number) => Resource<Row>; onChange: () => unknown }) {
  const resource = React.useMemo(() => make(id), [make, id]);
  return <NestedList resource={resource} filter={{ [owner]: id }} onChange={onChange} />;
}
