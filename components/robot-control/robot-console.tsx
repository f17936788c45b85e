"use client";

import * as React from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ArrowDownIcon, ArrowLeftIcon, ArrowRightIcon, ArrowUpIcon, BatteryMediumIcon, CameraIcon, OctagonXIcon, SquareIcon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import { deviceDataApi } from "@/lib/contract/device/device-data";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { deviceTopic, type DeviceLive } from "@/lib/contract/live/topics";
import { ROBOT_CAMERA_NUMS, ROBOT_DRIVE_PERM, ROBOT_MODE_PERM, ROBOT_TAKEOVER_PERM, robotConsoleApi } from "@/lib/contract/robot/control";
import { ROBOT_CONTROL_CODES, ROBOT_LIFTER_CODES, ROBOT_MODE, ROBOT_PROPS } from "@/lib/contract/robot/robot";
import { useLiveTopic } from "@/lib/live/use-live";
import { usePermissions } from "@/components/kit/can";
import { useConfirm } from "@/components/kit";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { RobotCamera } from "./robot-camera";
import { RobotCommandLog } from "./robot-command-log";
import { RobotTalk } from "./robot-talk";
import { RobotTrackMap } from "./robot-track-map";
import { useRobotDrive, type Drive } from "./use-robot-drive";

/** Which page a mode opens (core §4 robot mode): manual and deploy drive here, auto is the task list. */
const MODE_PAGE: Record<number, string> = { [ROBOT_MODE.manual]: "/operations/robotControl", [ROBOT_MODE.deploy]: "/operations/deployRobotControl", [ROBOT_MODE.auto]: "/robot/task" };

type Values = Record<string, { num: number | null; txt: string | null }>;

/**
 * /operations/robotControl and /operations/deployRobotControl (issue 36): one robot (`?deviceId=`)
 * full screen — its cameras, the pad, its state live, who drives (take-over for administrators),
 * the mode switch and the command audit.
 */
export function RobotConsole({ page }: { page: "manual" | "deploy" }) {
  const t = useTranslations("robotControl");
  const router = useRouter();
  const params = useSearchParams();
  const { can } = usePermissions();
  const robots = useCall(robotConsoleApi.robots, {});
  const asked = Number(params.get("deviceId")) || null;
  const robot = robots.data?.find((r) => r.id === asked) ?? robots.data?.[0] ?? null;
  const deviceId = robot?.id ?? null;
  const drive = useRobotDrive(deviceId, can(ROBOT_DRIVE_PERM));
  const driver = useCall(robotConsoleApi.driver, deviceId ? { deviceId } : null, { refreshInterval: 2_000 });

  const real = useCall(deviceDataApi.realTime, deviceId ? { id: deviceId } : null);
  const [values, setValues] = React.useState<Values>({});
  React.useEffect(() => {
    if (real.data) setValues(Object.fromEntries(real.data.values.map((v) => [v.identifier, { num: v.num, txt: v.txt }])));
  }, [real.data]);
  const live = useLiveTopic(
    deviceId ? deviceTopic(deviceId) : null,
    (d: DeviceLive | null) => d && setValues((was) => ({ ...was, ...Object.fromEntries(d.values.map((v) => [v.identifier, { num: v.num, txt: v.txt }])) })),
    () => void real.mutate(),
  );
  // While the socket is down the state is read every 2 s instead.
  useCall(deviceDataApi.realTime, deviceId && !live ? { id: deviceId } : null, { refreshInterval: 2_000, onSuccess: (d) => setValues(Object.fromEntries(d.values.map((v) => [v.identifier, { num: v.num, txt: v.txt }]))) });

  const [confirm, confirmElement] = useConfirm();
  const mode = values[ROBOT_PROPS.mode]?.num ?? null;
  const switchMode = async (to: 1 | 2 | 3) => {
    if (!(await confirm(t("mode.confirm", { mode: t(`modes.${to}`) }), { title: t("mode.title") }))) return;
    if (!(await drive.mode(to))) return;
    router.push(to === ROBOT_MODE.auto ? MODE_PAGE[to] : `${MODE_PAGE[to]}?deviceId=${deviceId}`);
  };

  const num = (id: string) => values[id]?.num ?? null;
  const drivenBy = driver.data && !drive.holding ? driver.data.name : null;
  const online = robot?.status === DEVICE_STATUS.online;

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground lg:h-screen" data-testid="robot-console" data-holding={drive.holding || undefined} data-live={live || undefined}>
      <header className="flex flex-wrap items-center gap-2 border-b bg-card px-3 py-2">
        <h1 className="text-base font-semibold">{t(page === "manual" ? "titleManual" : "titleDeploy")}</h1>
        <select
          className="h-8 rounded-md border bg-background px-2 text-sm"
          aria-label={t("robot")}
          value={deviceId ?? ""}
          onChange={(e) => router.replace(`?deviceId=${e.target.value}`)}
          data-testid="robot-select"
        >
          {(robots.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.deviceName} ({r.deviceSn})
            </option>
          ))}
        </select>
        <span className={cn("rounded px-2 py-0.5 text-xs", online ? "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300" : "bg-muted text-muted-foreground")}>{online ? t("online") : t("offline")}</span>
        <div className="flex-1" />
        <DriverBadge drive={drive} drivenBy={drivenBy} canTakeOver={can(ROBOT_TAKEOVER_PERM)} canDrive={can(ROBOT_DRIVE_PERM)} />
        <ThemeToggle />
      </header>
      {robots.data && !robot ? (
        <p className="p-6 text-sm text-muted-foreground" data-testid="no-robot">
          {t("noRobot")}
        </p>
      ) : (
        <main className="grid min-h-0 flex-1 gap-3 p-3 lg:grid-cols-[1fr_360px]">
          <section className="grid min-h-0 gap-3 sm:grid-cols-2" aria-label={t("cameras")}>
            {deviceId !== null && ROBOT_CAMERA_NUMS.map((n) => <RobotCamera key={n} deviceId={deviceId} deviceNum={n} canControl={can(ROBOT_DRIVE_PERM)} />)}
            <div className="rounded-md border bg-card p-3 sm:col-span-2">
              {deviceId !== null && <RobotTrackMap deviceId={deviceId} position={num(ROBOT_PROPS.position)} pointId={num(ROBOT_PROPS.pointId)} />}
            </div>
          </section>
          <aside className="flex min-h-0 flex-col gap-3 overflow-auto">
            <div className="grid grid-cols-2 gap-2 rounded-md border bg-card p-3 text-sm" data-testid="robot-state">
              <State label={t("state")} value={num(ROBOT_PROPS.state) === null ? "—" : t(`states.${num(ROBOT_PROPS.state)}`)} />
              <State label={t("mode.label")} value={mode === null ? "—" : t(`modes.${mode}`)} />
              <State
                label={t("battery")}
                value={
                  <span className="inline-flex items-center gap-1">
                    <BatteryMediumIcon className="size-4" aria-hidden />
                    {num(ROBOT_PROPS.battery) === null ? "—" : `${num(ROBOT_PROPS.battery)}%`}
                  </span>
                }
              />
              <State label={t("position")} value={num(ROBOT_PROPS.position) === null ? "—" : t("metres", { m: num(ROBOT_PROPS.position)! })} testId="robot-position" />
              <State label={t("lifter")} value={num(ROBOT_PROPS.lifter) === null ? "—" : t("centimetres", { cm: num(ROBOT_PROPS.lifter)! })} />
              <State label={t("task")} value={num(ROBOT_PROPS.taskId) ? `#${num(ROBOT_PROPS.taskId)} / ${num(ROBOT_PROPS.pointId) ? `#${num(ROBOT_PROPS.pointId)}` : "—"}` : "—"} />
            </div>
            <RobotPad drive={drive} disabled={!drive.holding || !drive.open} onCapture={() => deviceId && void call(robotConsoleApi.camera, { deviceId, deviceNum: ROBOT_CAMERA_NUMS[0], controlType: "getPhoto" })} />
            {deviceId !== null && can(ROBOT_DRIVE_PERM) && <RobotTalk key={deviceId} deviceId={deviceId} />}
            {can(ROBOT_MODE_PERM) && (
              <div className="rounded-md border bg-card p-3">
                <div className="mb-2 text-sm font-medium">{t("mode.label")}</div>
                <div className="flex flex-wrap gap-2">
                  {([ROBOT_MODE.manual, ROBOT_MODE.auto, ROBOT_MODE.deploy] as const).map((m) => (
                    <Button key={m} size="sm" variant={mode === m ? "default" : "outline"} disabled={!drive.open || (!drive.holding && !!drivenBy)} onClick={() => void switchMode(m)} data-testid={`mode-${m}`}>
                      {t(`modes.${m}`)}
                    </Button>
                  ))}
                </div>
              </div>
            )}
            {deviceId !== null && <RobotCommandLog deviceId={deviceId} />}
          </aside>
        </main>
      )}
      {confirmElement}
    </div>
  );
}

function State({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="truncate font-medium tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** "You drive", "driven by …" with take-over for administrators, or "view only". */
function DriverBadge({ drive, drivenBy, canTakeOver, canDrive }: { drive: Drive; drivenBy: string | null; canTakeOver: boolean; canDrive: boolean }) {
  const t = useTranslations("robotControl");
  if (drive.holding) return <span className="rounded bg-primary/15 px-2 py-0.5 text-xs text-primary" data-testid="driver">{t("youDrive")}</span>;
  return (
    <span className="flex items-center gap-2 text-xs" data-testid="driver">
      <span className="rounded bg-amber-500/15 px-2 py-0.5 text-amber-800 dark:text-amber-200">{drivenBy ? t("drivenBy", { name: drivenBy }) : canDrive ? t("notDriving") : t("viewOnly")}</span>
      {canDrive && !drivenBy && (
        <Button size="sm" variant="outline" disabled={!drive.open} onClick={() => drive.take()}>
          {t("takeControls")}
        </Button>
      )}
      {canTakeOver && drivenBy && (
        <Button size="sm" variant="outline" disabled={!drive.open} onClick={() => drive.take(true)} data-testid="take-over">
          {t("takeOver")}
        </Button>
      )}
    </span>
  );
}

/**
 * The robot pad (widgets §2): forward / back along the track and lifter up / down held, lifter
 * stop, and two more: stop all and capture. Pointer and keyboard (Space / Enter) alike.
 */
function RobotPad({ drive, disabled, onCapture }: { drive: Drive; disabled: boolean; onCapture: () => void }) {
  const t = useTranslations("robotControl.pad");
  const hold = (axis: "travel" | "lifter", code: string) => ({
    disabled,
    onPointerDown: (e: React.PointerEvent) => {
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      drive.press(axis, code);
    },
    onPointerUp: () => drive.release(axis),
    onPointerCancel: () => drive.release(axis),
    onLostPointerCapture: () => drive.release(axis),
    onKeyDown: (e: React.KeyboardEvent) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        drive.press(axis, code);
      }
    },
    onKeyUp: (e: React.KeyboardEvent) => (e.key === " " || e.key === "Enter") && drive.release(axis),
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
  });
  const stopAll = () => {
    drive.stop("travel");
    drive.stop("lifter");
  };
  return (
    <div className="rounded-md border bg-card p-3" data-testid="robot-pad">
      <div className="mb-2 text-sm font-medium">{t("title")}</div>
      <div className="grid grid-cols-3 gap-2">
        <PadButton label={t("back")} testId="pad-back" {...hold("travel", ROBOT_CONTROL_CODES.back)}>
          <ArrowLeftIcon className="size-5" />
        </PadButton>
        <PadButton label={t("stopAll")} testId="pad-stop" disabled={disabled} onClick={stopAll} danger>
          <OctagonXIcon className="size-5" />
        </PadButton>
        <PadButton label={t("forward")} testId="pad-forward" {...hold("travel", ROBOT_CONTROL_CODES.forward)}>
          <ArrowRightIcon className="size-5" />
        </PadButton>
        <PadButton label={t("lifterUp")} testId="pad-up" {...hold("lifter", ROBOT_LIFTER_CODES.up)}>
          <ArrowUpIcon className="size-5" />
        </PadButton>
        <PadButton label={t("lifterStop")} testId="pad-lifter-stop" disabled={disabled} onClick={() => drive.stop("lifter")}>
          <SquareIcon className="size-4" />
        </PadButton>
        <PadButton label={t("lifterDown")} testId="pad-down" {...hold("lifter", ROBOT_LIFTER_CODES.down)}>
          <ArrowDownIcon className="size-5" />
        </PadButton>
      </div>
      <Button className="mt-2 w-full" size="sm" variant="outline" disabled={disabled} onClick={onCapture} data-testid="pad-capture">
        <CameraIcon className="size-4" /> {t("capture")}
      </Button>
    </div>
  );
}

function PadButton({ label, testId, danger, children, ...rest }: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string; testId: string; danger?: boolean; onLostPointerCapture?: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      className={cn(
        "flex h-14 touch-none select-none flex-col items-center justify-center gap-0.5 rounded-md border text-xs transition-colors active:bg-primary active:text-primary-foreground disabled:pointer-events-none disabled:opacity-40",
        danger ? "border-destructive/50 text-destructive" : "bg-background hover:bg-accent",
      )}
      {...rest}
    >
      {children}
      <span className="leading-none">{label}</span>
    </button>
  );
}
