"use client";

import { defineResource } from "@/components/kit";
import { simRecord, simRecordApi, type SimRecord } from "@/lib/contract/sim/record";

/** A card's records: every operation with who, when and the result — its status history and sync log. */
export const simRecordResource = defineResource<SimRecord>({
  entity: simRecord,
  calls: simRecordApi,
  search: { items: { iccid: false } },
  columns: { iccid: false, action: { width: 150 }, detail: { minWidth: 220 } },
  rowActions: [],
  toolbar: [],
});
