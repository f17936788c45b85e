"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { knowledgeLog } from "@/lib/contract/knowledge/knowledge";
import type { RowOf } from "@/lib/contract/entity";

type LogRow = RowOf<typeof knowledgeLog.fields>;

/** /knowledgeLog (core §4): every knowledge operation with who and when; read-only. */
export const knowledgeLogResource = defineResource<LogRow>({
  entity: knowledgeLog,
  endpoints: { info: false, add: false, upd: false, del: false },
  rowActions: [],
  toolbar: [],
});

export const KnowledgeLogList = resourcePage(knowledgeLogResource);
