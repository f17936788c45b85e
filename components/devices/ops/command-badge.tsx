"use client";

import { Badge } from "@/components/ui/badge";
import { dictLabel, useDict } from "@/components/kit";
import { COMMAND_TONES } from "./command-status";

/** A command's status as a coloured badge (waiting, timeout, success, failed). */
export function CommandBadge({ status }: { status: number }) {
  const options = useDict("commandStatus");
  return (
    <Badge variant={COMMAND_TONES[String(status)] ?? "default"} data-testid="command-status" data-status={status}>
      {dictLabel(options, status)}
    </Badge>
  );
}
