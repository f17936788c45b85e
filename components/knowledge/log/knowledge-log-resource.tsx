"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { knowledgeLog, knowledgeLogApi } from "@/lib/contract/knowledge/knowledge";
import type { RowOf } from "@/lib/contract/entity";

type LogRow = RowOf<typeof knowledgeLog.fields>;

/** /knowledgeLog (core §4): every knowledge operation with who and when; read-only. */
export const knowledgeLogResource = defineResource<LogRow>({
  entity: knowledgeLog,
  calls: knowledgeLogApi,
  rowActions: [],
  toolbar: [],
});

export const KnowledgeLogList = resourcePage(knowledgeLogResource);
