"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { BoxIcon, MapPinIcon, SearchIcon, Trash2Icon } from "lucide-react";
import { usePermissions } from "@/components/kit/can";
import { SelectField } from "@/components/kit/form/select-field";
import { FloorPlanMarker } from "@/components/maps/floor-plan-marker";
import { useElementSize } from "@/components/maps/use-element-size";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { call, useCall } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { sceneDeviceApi } from "@/lib/contract/scene/api";
import { SCENE_TYPE } from "@/lib/contract/scene/enums";
import type { Scene } from "@/lib/contract/scene/scene";
import { cn } from "@/lib/utils";

const ALL = { current: 1, size: 9999 };
const [PLACE, MOVE, REMOVE] = [sceneDeviceApi.add, sceneDeviceApi.upd, sceneDeviceApi.del].map((c) => permsOf(c)[0]);

/**
 * Places the project's devices on a scene (/dataScreenPoint, widgets §2 floor-plan marker): choose
 * a device, click the plan — a new device is placed, a placed one moves; each marker shows one of
 * the device's properties. Positions are kept in the 800×450 design units, whatever the plan's width.
 */
export function ScenePlacer({ scene, onChanged }: { scene: Scene; onChanged: () => unknown }) {
  const t = useTranslations("scene.place");
  const { can } = usePermissions();
  const placed = useCall(sceneDeviceApi.page, { ...ALL, sceneId: scene.id });
  const candidates = useCall(sceneDeviceApi.devices, {});
  const [chosen, setChosen] = React.useState<number | null>(null);
  const [keyword, setKeyword] = React.useState("");
  const [box, { width }] = useElementSize<HTMLDivElement>();
  const rows = React.useMemo(() => placed.data?.records ?? [], [placed.data]);
  const byDevice = new Map(rows.map((r) => [r.deviceId, r]));
  const devices = candidates.data ?? [];
  const chosenDevice = devices.find((d) => d.id === chosen) ?? null;

  const changed = async () => {
    await placed.mutate();
    onChanged();
  };
  const save = async (saving: Promise<unknown>, done: string) => {
    await saving;
    toast.success(done);
    await changed();
  };

  const place = async (p: { x: number; y: number }) => {
    if (!chosenDevice) return toast.info(t("pick"));
    const row = byDevice.get(chosenDevice.id);
    if (row) {
      if (can(MOVE)) await save(call(sceneDeviceApi.upd, { id: row.id, ...p }), t("movedOk", { name: chosenDevice.deviceName }));
    } else if (can(PLACE))
      await save(call(sceneDeviceApi.add, { sceneId: scene.id, deviceId: chosenDevice.id, identifier: chosenDevice.properties[0]?.identifier ?? null, ...p }), t("placedOk", { name: chosenDevice.deviceName }));
  };

  if (scene.sceneType === SCENE_TYPE.model)
    return (
      <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="scene-placer">
        <BoxIcon className="size-8" />
        <p className="font-medium text-foreground">{scene.sceneName}</p>
        <p>{t("model3d")}</p>
      </div>
    );

  const shown = devices.filter((d) => !keyword || d.deviceName.toLowerCase().includes(keyword.toLowerCase()) || d.deviceSn.toLowerCase().includes(keyword.toLowerCase()));
  const editable = can(PLACE) || can(MOVE);
  return (
    <div className="grid gap-3 xl:grid-cols-[minmax(0,1fr)_18rem]" data-testid="scene-placer">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{scene.sceneName}</span>
          <Badge variant="secondary">{t("split", { n: scene.splitScreen })}</Badge>
          <span className="text-muted-foreground" data-testid="placer-hint">
            {chosenDevice ? t("placing", { name: chosenDevice.deviceName }) : t("pick")}
          </span>
        </div>
        <div ref={box} className="w-full">
          {width > 0 && (
            <FloorPlanMarker
              image={scene.sceneFile}
              width={width}
              points={rows.map((r) => ({
                id: r.id,
                markPosition: { x: r.x, y: r.y },
                pointType: 1,
                name: r.deviceName ?? String(r.deviceId),
                label: r.deviceName,
              }))}
              activePointId={chosenDevice ? (byDevice.get(chosenDevice.id)?.id ?? null) : null}
              onPick={editable ? (p) => void place(p) : undefined}
              onPointClick={(p) => setChosen(rows.find((r) => r.id === p.id)?.deviceId ?? null)}
            />
          )}
        </div>
      </div>
      <div className="flex min-h-0 flex-col gap-2 rounded-md border p-2">
        <div className="flex items-center justify-between text-sm font-medium">
          {t("devices")}
          <span className="text-xs font-normal text-muted-foreground">
            {rows.length} / {devices.length}
          </span>
        </div>
        <div className="relative">
          <SearchIcon className="absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted-foreground" />
          <Input className="h-8 pl-7" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("search")} aria-label={t("search")} />
        </div>
        <ul className="max-h-[28rem] space-y-1 overflow-y-auto" data-testid="placer-devices">
          {shown.map((d) => {
            const row = byDevice.get(d.id);
            const active = d.id === chosen;
            return (
              <li key={d.id} className={cn("rounded-md border text-sm", active ? "border-primary bg-primary/5" : "border-transparent hover:bg-accent")}>
                <button type="button" className="flex w-full items-center gap-2 px-2 py-1.5 text-left" onClick={() => setChosen(active ? null : d.id)} aria-pressed={active}>
                  <MapPinIcon className={cn("size-4 shrink-0", row ? "text-primary" : "text-muted-foreground")} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{d.deviceName}</span>
                    <span className="block truncate font-mono text-xs text-muted-foreground">{d.deviceSn}</span>
                  </span>
                  <Badge variant={row ? "default" : "outline"} className="shrink-0">
                    {row ? t("placed") : t("notPlaced")}
                  </Badge>
                </button>
                {active && row && (
                  <div className="flex items-center gap-2 px-2 pb-2">
                    <span className="shrink-0 text-xs text-muted-foreground">{t("at", { x: row.x, y: row.y })}</span>
                    <SelectField
                      className="min-w-0 flex-1"
                      placeholder={t("noProperty")}
                      disabled={!can(MOVE)}
                      options={d.properties.map((p) => ({ value: p.identifier, label: p.unit ? `${p.name} (${p.unit})` : p.name }))}
                      value={row.identifier}
                      onChange={(v) => void save(call(sceneDeviceApi.upd, { id: row.id, identifier: v || null }), t("movedOk", { name: d.deviceName }))}
                    />
                    {can(REMOVE) && (
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                        aria-label={t("remove")}
                        onClick={() => void save(call(sceneDeviceApi.del, { ids: [row.id] }), t("removedOk", { name: d.deviceName }))}
                      >
                        <Trash2Icon />
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
