"use client";

import { defineSettings, SettingsPage } from "@/components/kit/settings/define-settings";
import { permsOf } from "@/lib/contract/call";
import { devSceneModelApi, sceneApi } from "@/lib/contract/scene/api";
import { screenConfig, type ScreenConfig } from "@/lib/contract/scene/scene";
import { ScreenPointsField } from "./screen-points-field";
import { remoteOptions } from "@/components/kit/dict/use-remote-options";

/**
 * /dataScreenSet (devSceneModel): what the selected project's building screen shows — its scene,
 * its blocks, and its points with those charted and compared.
 */
const dataScreenSet = defineSettings<ScreenConfig>({
  ns: "scene.config",
  info: devSceneModelApi.info,
  saved: "answer",
  cards: [
    {
      id: "screen-config",
      title: "cards.screen",
      description: "cards.screenDesc",
      schema: screenConfig,
      save: devSceneModelApi.save,
      perm: permsOf(devSceneModelApi.save)[0],
      columns: 1,
      values: (d) => ({ sceneId: d.sceneId ?? "", blocks: d.blocks, points: d.points }),
      toBody: (v) => ({ ...v, sceneId: v.sceneId === "" ? null : v.sceneId }),
      fields: [
        { name: "sceneId", label: "fields.sceneId", type: "select", placeholder: "noScene", remote: remoteOptions(sceneApi.list, "sceneName", "id", { size: 9999 }) },
        { name: "blocks", label: "fields.blocks", type: "multiselect", dict: "screenBlock" },
        { name: "points", label: "fields.points", type: "custom", hint: "hints.points", render: (p) => <ScreenPointsField {...p} /> },
      ],
    },
  ],
});

export function DataScreenSetView() {
  return <SettingsPage settings={dataScreenSet} />;
}
