"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CopyLine, KitDialog } from "@/components/kit";
import { freshKey } from "./fresh-key";

/** The key just made, shown once (`freshKey`); closing drops it. */
export function NewKeyDialog() {
  const t = useTranslations("system.apiKey");
  const made = React.useSyncExternalStore(freshKey.subscribe, () => freshKey.value, () => null);
  if (!made) return null;
  return (
    <KitDialog title={t("created")} description={t("createdHint")} width={640} onClose={() => freshKey.set(null)} actions="close" testId="api-key-created">
      <div className="flex flex-col gap-3">
        <CopyLine label={made.name} value={made.key} copy={made.key} copyLabel={t("copy")} testId="api-key-secret" />
        <CopyLine label="MCP" value={`${window.location.origin}/api/mcp`} copy={`${window.location.origin}/api/mcp`} copyLabel={t("copy")} />
      </div>
    </KitDialog>
  );
}
