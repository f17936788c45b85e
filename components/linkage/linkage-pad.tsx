"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CopyIcon, VideoIcon } from "lucide-react";
import { DirectionCross, type Direction } from "@/components/kit/direction-cross";
import { toast } from "@/lib/toast";
import { call } from "@/lib/api/call";
import { linkageApi } from "@/lib/contract/linkage/api";
import { PAD_REPEAT_MS, PAD_VALUE, type PadControlType, type PadReply } from "@/lib/contract/linkage/pad";

type Send = (controlType: PadControlType, controlValue: "0" | "1") => void;


/**
 * Holding a direction: '0' at once and again every 100 ms while held, '1' once when let go. One
 * direction at a time, none while the pad is off; unmounting while held stops the repeats.
 */
function useHold(send: Send, off: boolean) {
  const held = React.useRef<{ dir: Direction; timer: ReturnType<typeof setInterval> } | null>(null);
  const [active, setActive] = React.useState<Direction | null>(null);
  const press = React.useCallback(
    (dir: Direction) => {
      if (held.current || off) return;
      send(dir, PAD_VALUE.press);
      held.current = { dir, timer: setInterval(() => send(dir, PAD_VALUE.press), PAD_REPEAT_MS) };
      setActive(dir);
    },
    [send, off],
  );
  const release = React.useCallback(() => {
    const h = held.current;
    if (!h) return;
    held.current = null;
    clearInterval(h.timer);
    setActive(null);
    send(h.dir, PAD_VALUE.release);
  }, [send]);
  React.useEffect(
    () => () => {
      if (held.current) clearInterval(held.current.timer);
    },
    [],
  );
  return { press, release, active };
}

export type PadDisabled = "noCapability" | "offline" | null;

/**
 * The linkage pad (widgets §7): a direction cross around a stream button, driving a linkage device
 * through `linkageApi.operate`. Pointer or keyboard (arrow keys on the pad, Enter / Space on a
 * button) hold a direction; the released direction's answer shows where the camera points, the
 * stream button the device's stream URL. Failed calls are swallowed (widgets §8); a device that
 * lacks the service or is offline gets an inert pad with the reason.
 */
export function LinkagePad({ deviceId, disabled = null }: { deviceId: number; disabled?: PadDisabled }) {
  const t = useTranslations("linkage.pad");
  const [position, setPosition] = React.useState<PadReply | null>(null);
  const [stream, setStream] = React.useState<string | null>(null);
  const send = React.useCallback<Send>(
    (controlType, controlValue) => {
      call(linkageApi.operate, { deviceId, controlType, controlValue }, { silent: true })
        .then((data) => {
          if (controlValue !== PAD_VALUE.release || typeof data !== "string") return;
          if (controlType === "stream") setStream(data);
          else setPosition(JSON.parse(data) as PadReply);
        })
        .catch(() => {});
    },
    [deviceId],
  );
  const off = disabled !== null;
  const { press, release, active } = useHold(send, off);
  const copy = async () => {
    if (!stream) return;
    try {
      await navigator.clipboard.writeText(stream);
      toast.success(t("copied"));
    } catch {
      /* clipboard refused: the URL stays on screen to select */
    }
  };
  return (
    <div className="flex flex-col items-center gap-3" data-testid="linkage-pad" data-disabled={off || undefined}>
      <DirectionCross
        label={t("title")}
        labels={{ up: t("up"), down: t("down"), left: t("left"), right: t("right") }}
        off={off}
        active={active}
        press={press}
        release={release}
        centre={(className) => (
          <button type="button" disabled={off} aria-label={t("stream")} data-dir="stream" className={className} onClick={() => send("stream", PAD_VALUE.release)}>
            <VideoIcon className="size-5" />
          </button>
        )}
      />
      {off ? (
        <p className="text-center text-xs text-muted-foreground" data-testid="pad-hint">
          {t(disabled)}
        </p>
      ) : (
        <p className="text-center text-xs text-muted-foreground">{t("keys")}</p>
      )}
      {position && (
        <p className="text-sm tabular-nums" data-testid="pad-position">
          {t("position", { pan: position.pan ?? "-", tilt: position.tilt ?? "-" })}
        </p>
      )}
      {stream && (
        <div className="flex w-full min-w-0 items-center gap-2 rounded-md border bg-muted px-2 py-1 text-xs">
          <span className="shrink-0 text-muted-foreground">{t("streamUrl")}</span>
          <code className="min-w-0 flex-1 truncate font-mono" title={stream} data-testid="pad-stream">
            {stream}
          </code>
          <button type="button" className="shrink-0 text-muted-foreground hover:text-primary" aria-label={t("copy")} onClick={copy}>
            <CopyIcon className="size-3.5" />
          </button>
        </div>
      )}
    </div>
  );
}
