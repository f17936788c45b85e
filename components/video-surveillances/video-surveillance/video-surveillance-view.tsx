"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CctvIcon, FolderIcon, MapPinIcon } from "lucide-react";
import { LoadError } from "@/components/kit/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { CameraCapture } from "@/components/video/camera-capture";
import { CameraSources } from "@/components/video/camera-sources";
import { usePermissions } from "@/components/kit/can";
import { SelectedCameraPad } from "@/components/video/camera-pad";
import { CameraTile } from "@/components/video/camera-tile";
import { CameraLabel } from "@/components/video/camera-label";
import { StreamKindChoice } from "@/components/video/stream-kind";
import { useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { SPLITS, videoApi, type CameraRow, type Split } from "@/lib/contract/video/video";
import { cn } from "@/lib/utils";
import { PressedGroup } from "@/components/ui/pressed-group";
import { PageFrame } from "@/components/kit/page-frame";

const DRAG_TYPE = "application/x-camera-id";
const SOURCES_EDIT = permsOf(videoApi.sourcesSave)[0];
const GRID: Record<Split, string> = { 1: "grid-cols-1 grid-rows-1", 4: "grid-cols-2 grid-rows-2", 9: "grid-cols-3 grid-rows-3", 16: "grid-cols-4 grid-rows-4" };

type Group = { key: string; name: string | null; cameras: CameraRow[] };
type ProjectNode = { id: number; name: string; groups: Group[] };

/** The cameras as a tree: project → space (cameras without one under the project itself) → camera. */
export function cameraTree(cameras: readonly CameraRow[]): ProjectNode[] {
  const projects = new Map<number, ProjectNode>();
  for (const c of cameras) {
    const p = projects.get(c.projectId) ?? projects.set(c.projectId, { id: c.projectId, name: c.prjName, groups: [] }).get(c.projectId)!;
    const key = c.spaceId === null ? "none" : String(c.spaceId);
    let g = p.groups.find((x) => x.key === key);
    if (!g) p.groups.push((g = { key, name: c.spaceName, cameras: [] }));
    g.cameras.push(c);
  }
  for (const p of projects.values()) p.groups.sort((a, b) => (a.key === "none" ? -1 : b.key === "none" ? 1 : 0));
  return [...projects.values()];
}

/** Tiles after putting a camera in one: a camera shows in one tile at a time. */
export function placeCamera(tiles: readonly (number | null)[], index: number, cameraId: number): (number | null)[] {
  return tiles.map((t, i) => (i === index ? cameraId : t === cameraId ? null : t));
}

/**
 * /videoSurveillances/videoSurveillance (core §2, issue 34): the camera tree with online states,
 * a wall of 1, 4, 9 or 16 tiles filled by dragging a camera from the tree (or clicking it: the
 * selected tile, else the first empty one), each tile live with its name, state and latency, full
 * screen on demand; the selected tile's camera is steered with the pad when it is a PTZ camera.
 * The wall starts with the first project's cameras.
 */
export function VideoSurveillanceView() {
  return (
    <PageFrame>
      <VideoWall />
    </PageFrame>
  );
}

function VideoWall() {
  const t = useTranslations("video");
  const { data, error, mutate } = useCall(videoApi.cameras, {}, { refreshInterval: 30_000, keepPreviousData: true });
  const { can } = usePermissions();
  const [split, setSplit] = React.useState<Split>(4);
  const [tiles, setTiles] = React.useState<(number | null)[]>(Array(16).fill(null));
  const [selected, setSelected] = React.useState(0);
  const [over, setOver] = React.useState<number | null>(null);
  const filled = React.useRef(false);
  React.useEffect(() => {
    if (!data?.length || filled.current) return;
    filled.current = true;
    const first = data.filter((c) => c.projectId === data[0].projectId).slice(0, 4);
    setTiles((ts) => ts.map((x, i) => first[i]?.id ?? x));
  }, [data]);

  const byId = React.useMemo(() => new Map((data ?? []).map((c) => [c.id, c])), [data]);
  const tree = React.useMemo(() => cameraTree(data ?? []), [data]);
  const put = (index: number, id: number) => {
    setTiles((ts) => placeCamera(ts, index, id));
    setSelected(index);
  };
  const choose = (id: number) => {
    const shown = tiles.slice(0, split);
    const empty = shown.indexOf(null);
    put(tiles[selected] === null || empty < 0 ? selected : empty, id);
  };
  const current = tiles[selected] !== null ? byId.get(tiles[selected]!) : undefined;

  if (!data) return error ? <LoadError onRetry={() => mutate()} /> : <Skeleton className="h-[60vh]" />;
  return (
    // Below the page's title bar, the shell's header and tab bar: the wall fills the rest of the screen.
    <div className="flex min-h-0 flex-col gap-3 lg:h-[calc(100vh-12rem)] lg:flex-row" data-testid="video-wall">
      {/* The tree keeps a few cameras' room beside the pad and the cards (it went to nothing under them); the side scrolls. */}
      <aside className="flex shrink-0 flex-col gap-3 lg:w-64 lg:overflow-y-auto">
        <nav aria-label={t("tree")} className="max-h-72 overflow-auto rounded-md border bg-card p-2 text-sm lg:max-h-none lg:min-h-48 lg:flex-1" data-testid="camera-tree">
          {!tree.length && <p className="p-4 text-center text-muted-foreground">{t("noCameras")}</p>}
          <ul className="flex flex-col gap-1">
            {tree.map((p) => (
              <li key={p.id}>
                <div className="flex items-center gap-1.5 px-1 py-1 font-medium">
                  <FolderIcon className="size-4 text-muted-foreground" />
                  <span className="truncate">{p.name}</span>
                </div>
                {p.groups.map((g) => (
                  <div key={g.key} className="pl-3">
                    {g.name !== null && (
                      <div className="flex items-center gap-1.5 px-1 py-0.5 text-muted-foreground">
                        <MapPinIcon className="size-3.5" />
                        <span className="truncate">{g.name}</span>
                      </div>
                    )}
                    <ul>
                      {g.cameras.map((c) => (
                        <li key={c.id}>
                          <button
                            type="button"
                            draggable
                            onDragStart={(e) => {
                              e.dataTransfer.setData(DRAG_TYPE, String(c.id));
                              e.dataTransfer.effectAllowed = "copy";
                            }}
                            onClick={() => choose(c.id)}
                            className={cn("flex w-full items-center gap-1.5 rounded px-2 py-1 text-left hover:bg-accent", tiles.slice(0, split).includes(c.id) && "text-primary")}
                            data-testid="tree-camera"
                            data-camera={c.id}
                          >
                            <CctvIcon className="size-4 shrink-0" />
                            <CameraLabel camera={c} className="min-w-0 flex-1 truncate" />
                            <span className={cn("size-2 shrink-0 rounded-full", c.status === DEVICE_STATUS.online ? "bg-emerald-500" : "bg-zinc-400")} title={c.status === DEVICE_STATUS.online ? t("online") : t("offline")} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </li>
            ))}
          </ul>
        </nav>
        <section className="rounded-md border bg-card p-3" aria-label={t("pad")} data-testid="camera-pad">
          <h2 className="mb-2 text-sm font-medium">{t("pad")}</h2>
          <SelectedCameraPad camera={current ?? null} />
        </section>
        {current && (
          <section className="rounded-md border bg-card p-3" aria-label={t("capture.title")}>
            <h2 className="mb-2 text-sm font-medium">{t("capture.title")}</h2>
            <CameraCapture key={current.id} deviceId={current.id} />
          </section>
        )}
        {current && can(SOURCES_EDIT) && (
          <section className="rounded-md border bg-card p-3" aria-label={t("sources.title")}>
            <h2 className="mb-2 text-sm font-medium">{t("sources.title")}</h2>
            <CameraSources key={current.id} deviceId={current.id} onSaved={() => void mutate()} />
          </section>
        )}
      </aside>
      <section className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <PressedGroup
            label={t("split")}
            value={split}
            onChange={(n) => {
              setSplit(n);
              setSelected((s) => (s < n ? s : 0));
            }}
            options={SPLITS.map((n) => ({ value: n, label: t("splitN", { n }), testId: `split-${n}` }))}
          />
          <StreamKindChoice webrtc={data.some((c) => c.whep)} />
        </div>
        <div className={cn("grid aspect-video min-h-0 w-full gap-1 lg:aspect-auto lg:flex-1", GRID[split])} data-testid="wall-grid" data-split={split}>
          {tiles.slice(0, split).map((id, i) => {
            const camera = id === null ? undefined : byId.get(id);
            const drop = {
              onDragOver: (e: React.DragEvent) => {
                if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                setOver(i);
              },
              onDragLeave: () => setOver((o) => (o === i ? null : o)),
              onDrop: (e: React.DragEvent) => {
                e.preventDefault();
                setOver(null);
                const dropped = Number(e.dataTransfer.getData(DRAG_TYPE));
                if (dropped) put(i, dropped);
              },
            };
            return (
              <div key={i} {...drop} className={cn("min-h-0 min-w-0", over === i && "ring-2 ring-primary")} data-testid="wall-slot" data-slot={i}>
                {camera ? (
                  <CameraTile camera={camera} selected={selected === i} onSelect={() => setSelected(i)} onClose={() => setTiles((ts) => ts.map((x, j) => (j === i ? null : x)))} className="size-full" />
                ) : (
                  <button
                    type="button"
                    onClick={() => setSelected(i)}
                    className={cn("flex size-full items-center justify-center rounded-md border border-dashed text-xs text-muted-foreground", selected === i && "border-primary text-primary")}
                    data-testid="empty-slot"
                  >
                    {t("dropHere")}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </section>
    </div>
  );
}
