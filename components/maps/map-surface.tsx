"use client";

import * as React from "react";
import { InfoIcon, RotateCwIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import { CoordinateCanvas } from "./coordinate-canvas";
import { useMapConfig } from "./map-config";
import { useKeyNoticeStyle } from "./key-notice";
import type { SurfaceProps } from "./surface";

/** The Google surface and @vis.gl/react-google-maps load only when a key is configured. */
const GoogleSurface = React.lazy(() => import("./google-surface"));

/** Remembers that the "tiles need a key" note was read (per browser). */
const NOTICE_KEY = "mapsKeyNoticeRead";
/** One note per page, however many maps it shows. */
let noticeOwner: object | null = null;

function useKeyNotice(active: boolean) {
  const [me] = React.useState(() => ({}));
  const [show, setShow] = React.useState(false);
  React.useEffect(() => {
    if (!active || localStorage.getItem(NOTICE_KEY) === "1" || (noticeOwner && noticeOwner !== me)) return;
    noticeOwner = me;
    setShow(true);
    return () => {
      if (noticeOwner === me) noticeOwner = null;
    };
  }, [active, me]);
  const dismiss = () => {
    localStorage.setItem(NOTICE_KEY, "1");
    setShow(false);
  };
  return { show, dismiss };
}

/** Whether map tiles (and satellite imagery) are available: a key is configured. */
export function useHasTiles() {
  return !!useMapConfig()?.apiKey;
}

/**
 * A map: Google's when `GOOGLE_MAPS_API_KEY` is set, else (and whenever Google cannot load) the
 * coordinate canvas, which says once, politely, that tiles need a key, or why loading failed.
 */
export function MapSurface(props: SurfaceProps) {
  const t = useTranslations("maps.canvas");
  const config = useMapConfig();
  const [failure, setFailure] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const useGoogle = !!config?.apiKey && failure === null;
  const caption = useKeyNoticeStyle() === "caption";
  const notice = useKeyNotice(!!config && !config.apiKey && !caption);
  const skeleton = <Skeleton className="w-full rounded-md" style={{ height: props.height ?? 400 }} aria-label={t("loading")} />;

  if (!config) return skeleton;
  if (useGoogle) {
    return (
      <React.Suspense fallback={skeleton}>
        <GoogleSurface key={attempt} {...props} apiKey={config.apiKey} mapId={config.mapId} onFail={setFailure} />
      </React.Suspense>
    );
  }
  return (
    <div>
      <div className="relative">
        <CoordinateCanvas {...props} />
        {failure !== null && (
          <FailureNote>
            <span className="flex-1">{t("failed", { error: failure })}</span>
            <button
              type="button"
              className="inline-flex shrink-0 items-center gap-1 font-medium text-primary hover:underline"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              <RotateCwIcon className="size-3.5" />
              {t("retry")}
            </button>
          </FailureNote>
        )}
        {failure === null && caption && (
          <div data-testid="map-key-caption" className="pointer-events-none absolute bottom-2 left-1/2 z-10 -translate-x-1/2 whitespace-nowrap text-[10px] text-muted-foreground/80">
            {t("keyCaption")}
          </div>
        )}
      </div>
      {/* Under the map, not over it: on a small map the note would hide markers. */}
      {failure === null && notice.show && (
        <div role="status" data-testid="map-key-notice" className="mt-1.5 flex items-start gap-2 text-xs text-muted-foreground">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0" />
          <span className="flex-1">{t("keyNotice")}</span>
          <button type="button" className="inline-flex shrink-0 items-center gap-1 font-medium text-primary hover:underline" onClick={notice.dismiss}>
            <XIcon className="size-3.5" />
            {t("dismiss")}
          </button>
        </div>
      )}
    </div>
  );
}

/** The in-map message when Google cannot load (widgets §8): the reason and a retry. */
function FailureNote({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" data-testid="map-failure" className="absolute right-12 bottom-9 left-2 z-20 flex items-start gap-2 rounded-md border border-destructive/50 bg-background/95 px-3 py-2 text-xs text-destructive shadow-sm">
      <InfoIcon className="mt-0.5 size-3.5 shrink-0" />
      {children}
    </div>
  );
}
