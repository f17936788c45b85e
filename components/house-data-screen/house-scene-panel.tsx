"use client";

import { useTranslations } from "next-intl";
import { BoxIcon } from "lucide-react";
import { Panel, PanelNote } from "@/components/data-screen";
import { FloorPlanMarker } from "@/components/maps/floor-plan-marker";
import { useElementSize } from "@/components/maps/use-element-size";
import { PLAN } from "@/components/maps/floor-plan";
import { baseName } from "@/lib/file-url";
import { SCENE_TYPE } from "@/lib/contract/scene/enums";
import type { SceneView } from "@/lib/contract/scene/scene";
import { formatValue, pointColor } from "./point-format";

/**
 * The project's scene with its devices on it (core §4): each marker in its alarm level's colour
 * (grey offline) with its newest value beside it. A 3D scene says plainly that its model needs a
 * viewer this version does not have.
 */
export function HouseScenePanel({ view, className }: { view: SceneView | undefined; className?: string }) {
  const t = useTranslations("scene.screen");
  const [box, size] = useElementSize<HTMLDivElement>();
  // The widest plan that fits the panel's body at the design's shape.
  const width = Math.floor(Math.min(size.width, (size.height * PLAN.width) / PLAN.height));
  const scene = view?.scene;
  let body: React.ReactNode;
  if (!view) body = null;
  else if (!scene) body = <PanelNote testId="house-no-scene">{t("noScene")}</PanelNote>;
  else if (scene.sceneType === SCENE_TYPE.model)
    body = (
      <div className="flex size-full flex-col items-center justify-center gap-4 rounded border border-dashed border-sky-500/30 text-center" data-testid="house-scene-3d">
        <BoxIcon className="size-16 text-sky-300/70" strokeWidth={1.25} />
        <div className="text-2xl text-sky-50">{t("model3d", { file: baseName(scene.sceneFile) })}</div>
        <p className="max-w-xl text-lg text-sky-200/70">{t("model3dNote")}</p>
      </div>
    );
  else
    body =
      width > 0 ? (
        <FloorPlanMarker
          image={scene.sceneFile}
          width={width}
          className="border-sky-500/30 bg-[#0c1a2b]"
          labelClassName="px-2 text-base"
          points={view.points.map((p) => {
            const value = formatValue(p.value, p.unit);
            return {
              id: p.id,
              markPosition: { x: p.x, y: p.y },
              pointType: 1,
              name: [p.deviceName, p.name && `${p.name} ${value ?? t("noValue")}`, p.alarm && t("alarm")].filter(Boolean).join(" · "),
              color: pointColor(p),
              label: value ? `${p.deviceName} ${value}` : p.deviceName,
            };
          })}
        />
      ) : null;
  return (
    <Panel title={scene ? `${t("scene")} · ${scene.sceneName}` : t("scene")} className={className} testId="house-scene">
      <div ref={box} className="flex size-full items-center justify-center">
        {body}
      </div>
    </Panel>
  );
}
