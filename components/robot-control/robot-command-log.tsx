"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCall } from "@/lib/api/call";
import { ROBOT_RESULT, robotConsoleApi } from "@/lib/contract/robot/control";
import { ROBOT_SERVICES } from "@/lib/contract/robot/robot";
import { cn } from "@/lib/utils";

const RESULT_CLASS: Record<number, string> = {
  [ROBOT_RESULT.success]: "text-emerald-700 dark:text-emerald-300",
  [ROBOT_RESULT.failed]: "text-destructive",
  [ROBOT_RESULT.timeout]: "text-amber-700 dark:text-amber-300",
  [ROBOT_RESULT.refused]: "text-destructive",
};

/** The robot's command audit (newest first): who, when, what and why, its round trip and result. */
export function RobotCommandLog({ deviceId }: { deviceId: number }) {
  const t = useTranslations("robotControl.log");
  const format = useFormatter();
  const page = useCall(robotConsoleApi.commands, { deviceId, current: 1, size: 20 }, { refreshInterval: 3_000 });
  const rows = page.data?.records ?? [];
  const tc = useTranslations("robotControl");
  // A camera command's code is "<camera>,<action>" (as the cloud audits its parameters).
  const commandText = (r: { service: string; code: string }) => {
    if (r.service === ROBOT_SERVICES.control || r.service === ROBOT_SERVICES.lifter) return t(`codes.${r.service}.${r.code}`);
    if (r.service === ROBOT_SERVICES.mode) return t("modeTo", { mode: tc(`modes.${r.code}`) });
    if (r.service === ROBOT_SERVICES.audio) return t("talkCode", { s: r.code });
    const [camera, action] = r.code.split(",");
    return t("cameraCode", { camera, action: t(`cameraActions.${action}`) });
  };
  return (
    <div className="rounded-md border bg-card p-3" data-testid="robot-command-log">
      <div className="mb-2 flex items-baseline justify-between text-sm">
        <span className="font-medium">{t("title")}</span>
        <span className="text-xs text-muted-foreground">{t("total", { n: page.data?.total ?? 0 })}</span>
      </div>
      {rows.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("empty")}</p>
      ) : (
        <table className="w-full text-xs">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="py-1 font-normal">{t("time")}</th>
              <th className="py-1 font-normal">{t("user")}</th>
              <th className="py-1 font-normal">{t("command")}</th>
              <th className="whitespace-nowrap py-1 text-right font-normal">{t("rtt")}</th>
              <th className="whitespace-nowrap py-1 pl-1 text-right font-normal">{t("result")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t align-top" data-testid="robot-command" data-trigger={r.trigger} data-code={r.code}>
                <td className="whitespace-nowrap py-1 pr-2 tabular-nums">{format.dateTime(new Date(r.sentAt), { hour: "2-digit", minute: "2-digit", second: "2-digit" })}</td>
                <td className="max-w-20 truncate py-1 pr-2" title={r.userName}>{r.userName}</td>
                <td className="py-1">
                  {commandText(r)}
                  <span className="ml-1 text-muted-foreground">
                    {t(`triggers.${r.trigger}`)}
                    {r.repeats > 1 ? ` ×${r.repeats}` : ""}
                  </span>
                </td>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">{r.rttMs === null ? "—" : t("ms", { ms: r.rttMs })}</td>
                <td className={cn("whitespace-nowrap py-1 pl-1 text-right", RESULT_CLASS[r.result])} title={r.message ?? undefined}>
                  {t(`results.${r.result}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
