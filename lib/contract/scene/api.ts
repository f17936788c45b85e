import { z } from "zod";
import { defineCall, typed } from "../call";
import { optionalId } from "../common";
import { crudCalls } from "../entity-calls";
import { scene, sceneCandidate, sceneDevice, scenePointsQuery, screenConfig, type SceneView } from "./scene";

/** The screens that read scenes: the placement screen, the screen settings and the building data screen. */
export const SCENE_READERS = ["/dataScreenPoint", "/dataScreenSet", "/houseDataScreen"];
const read = { menu: SCENE_READERS };

/** A data screen's project: `?projId=` (core §2), else the header's. */
const screenQuery = z.object({ projId: optionalId.optional() });

/** scene: add, del, info, list, page, upd (core §7): the call's project's scenes, with their placed devices counted. */
export const sceneApi = crudCalls(scene, { only: ["page", "list", "info", "add", "upd", "del"], read });

/** sceneDevice: the devices placed on a scene (page by sceneId, info, add, upd, del), and the project's devices to place. */
export const sceneDeviceApi = {
  ...crudCalls(sceneDevice, { only: ["page", "info", "add", "upd", "del"], read }),
  devices: defineCall({ kind: "get", path: "device/sceneDevice/devices", answer: z.array(sceneCandidate), access: read, scope: "project" }),
};

/** devSceneModel: the building data screen's configuration (read by the screen with its `?projId=`, saved in the chosen project). */
export const devSceneModelApi = {
  info: defineCall({ kind: "get", path: "device/devSceneModel/info", input: screenQuery, answer: screenConfig, access: read, scope: "screen" }),
  save: defineCall({ kind: "post", path: "device/devSceneModel/save", input: screenConfig, answer: screenConfig, access: { perm: "dev:devSceneModel:save" }, scope: "project" }),
};

/** devPointScreen (core §7 device): the devices placed on a scene of the screen's project, with their shown value and alarm state. */
export const devPointScreenApi = defineCall({ kind: "get", path: "device/device/devPointScreen", input: scenePointsQuery.extend(screenQuery.shape), answer: typed<SceneView>(), access: read, scope: "screen" });
