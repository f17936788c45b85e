"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { knowledgeLog, knowledgeLogApi } from "@/lib/contract/knowledge/knowledge";
import type { RowOf } from "@/lib/contract/entity";

type LogRow = RowOf<typeof knowledgeLog.fields>;

/** /knowledgeLog (core §4): every knowledge operation with who and when; read-only. */
export const knowledgeLogResource = defineResource<LogRow>({
  entity: knowledgeLog,
  calls: knowledgeLogApi,
  // "Set permission" in English is wider than a dictionary column's default (issue 40).
  columns: { type: { width: 150 } },
  rowActions: [],
  toolbar: [],
});

export const KnowledgeLogList = resourcePage(knowledgeLogResource);
