"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ImageIcon } from "lucide-react";
import { defineResource, type ResourceUi, resourcePage } from "@/components/kit";
import { sceneApi } from "@/lib/contract/scene/api";
import { scene, type Scene } from "@/lib/contract/scene/scene";
import { ScenePlacer } from "./scene-placer";
import { multilingualField } from "@/components/kit/form/multilingual-input";

// The scene file field (uploads with their image viewer) shows in the form only.
const SceneFileField = dynamic(() => import("./scene-file-field").then((m) => m.SceneFileField));

const choose = (r: Scene, ui: ResourceUi<Scene>) => ui.setParam("scene", r.id);

/** The chosen scene (`?scene=`, else the first of the page) and its placement. */
function Placement({ ui }: { ui: ResourceUi<Scene> }) {
  const t = useTranslations("scene.place");
  const id = ui.param("scene");
  const current = ui.rows.find((r) => String(r.id) === id) ?? ui.rows[0];
  if (!current)
    return (
      <div className="flex min-h-60 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
        <ImageIcon className="size-8" />
        {t("noScenes")}
      </div>
    );
  return <ScenePlacer key={current.id} scene={current} onChanged={ui.refresh} />;
}

/**
 * /dataScreenPoint: the selected project's scenes (image or 3D, 20 MB, 16:9, split screens) and,
 * beside them, the chosen scene's plan to place the project's devices on (core §4, §9; widgets §2).
 */
export const dataScreenPointResource = defineResource<Scene>({
  entity: scene,
  calls: sceneApi,
  columns: { sceneName: { type: "click", onClick: choose }, deviceNums: { width: 100 }, sort: false, createTime: false },
  form: { columns: 1, placeholders: ["sceneName"], fields: { sceneName: multilingualField, sceneFile: { render: (p) => <SceneFileField {...p} /> } } },
  rowActions: [{ key: "place", label: "actions.place", onClick: choose }, "edit", "del"],
  toolbar: ["add"],
  slots: {
    main: (ui, table) => (
      <div className="grid items-start gap-4 2xl:grid-cols-[36rem_minmax(0,1fr)]">
        <div className="min-w-0">{table}</div>
        <Placement ui={ui} />
      </div>
    ),
  },
});

export const DataScreenPointList = resourcePage(dataScreenPointResource);
