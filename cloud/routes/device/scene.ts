import { and, eq, sql } from "drizzle-orm";
import { SCENE_TYPE } from "@/lib/contract/scene/enums";
import { devPointScreenApi, devSceneModelApi, sceneApi, sceneDeviceApi } from "@/lib/contract/scene/api";
import { isSceneRatio, scene, sceneDevice, type Scene, type SceneDevice } from "@/lib/contract/scene/scene";
import { UPLOAD_PURPOSES, extOf } from "@/lib/contract/upload";
import { projectDevices, projectScene, propertiesOf, saveScreenConfig, sceneCandidates, sceneDeviceCount, scenePoints, screenConfigOf } from "../../db/queries/scenes";
import { devices, sceneDevices, scenes } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { parseStoredPath } from "../../lib/files";
import { badRequest, notFound, ok } from "../../lib/http";
import { localized } from "../../lib/i18n-text";
import { imageFileSize } from "../../lib/image-size";
import { projectOf } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { deviceNameIn } from "../../db/queries/names";

/**
 * A scene's file must be the caller's own stored upload: for an image scene a JPEG or PNG of 16:9
 * (its header read, whatever the name says), for a 3D scene a glTF model (core §4, §9).
 */
async function checkSceneFile(c: Ctx, input: Record<string, unknown>, _partial: boolean, before?: Record<string, unknown>) {
  if (before && input.sceneFile === undefined && input.sceneType === undefined) return {};
  const type = (input.sceneType ?? before?.sceneType) as number;
  const file = (input.sceneFile ?? before?.sceneFile) as string;
  const stored = parseStoredPath(c.var.deps.config.filesDir, file.replace(/^\/+/, ""));
  if (!stored || stored.tenantId !== c.var.auth.tenantId) throw badRequest("scene.errors.badFile");
  if (type === SCENE_TYPE.model) {
    if (!(UPLOAD_PURPOSES.sceneModel.accept as readonly string[]).includes(extOf(file))) throw badRequest("scene.errors.notModel");
    return {};
  }
  if (!(UPLOAD_PURPOSES.sceneImage.accept as readonly string[]).includes(extOf(file))) throw badRequest("scene.errors.notImage");
  const size = await imageFileSize(stored.abs);
  if (!size) throw badRequest("scene.errors.notImage");
  if (!isSceneRatio(size.width, size.height)) throw badRequest("scene.errors.notWide", size);
  return {};
}

/** scene: add, del, info, page, upd (core §7): the call's project's scenes, with their placed devices counted. */
const sceneServed = crudRoutes<typeof scene.fields, Scene>({
  table: scenes,
  entity: scene,
  calls: sceneApi,
  extra: { deviceNums: sceneDeviceCount },
  defaultOrder: [sql`${scenes.sort} asc`, sql`${scenes.id} asc`],
  values: checkSceneFile,
});

/**
 * A placement's scene and device must be the call's project's, its property one of the device's
 * product, and a device is placed once per scene.
 */
async function checkPlacement(c: Ctx, input: Record<string, unknown>, _partial: boolean, before?: Record<string, unknown>) {
  const db = c.var.deps.db;
  const { projectId } = projectOf(c);
  // An update names only what changes: the rest is the stored placement's.
  const { sceneId, deviceId, identifier } = { ...before, ...input } as { sceneId: number; deviceId: number; identifier: string | null };
  if (!(await projectScene(db, projectId, sceneId))) throw badRequest("scene.errors.sceneNotInProject");
  const [device] = await projectDevices(db, projectId, [deviceId]);
  if (!device) throw badRequest("scene.errors.deviceNotInProject", { id: deviceId });
  if (identifier && !(await propertiesOf(db, [device.productId])).get(device.productId)?.has(identifier)) throw badRequest("scene.errors.notProperty", { identifier });
  const [taken] = await db
    .select({ id: sceneDevices.id })
    .from(sceneDevices)
    .where(and(eq(sceneDevices.sceneId, sceneId), eq(sceneDevices.deviceId, deviceId)));
  if (taken && taken.id !== input.id) throw badRequest("scene.errors.alreadyPlaced", { name: device.deviceName });
  return {};
}

/** sceneDevice: the devices placed on a scene (page by sceneId, add, upd, del), and the project's devices with their numeric properties, for placing and for choosing points. */
const sceneDeviceServed = [
  ...crudRoutes<typeof sceneDevice.fields, SceneDevice>({
    table: sceneDevices,
    entity: sceneDevice,
    calls: { page: sceneDeviceApi.page, info: sceneDeviceApi.info, add: sceneDeviceApi.add, upd: sceneDeviceApi.upd, del: sceneDeviceApi.del },
    extra: (locale) => ({
      deviceName: sql<string>`(select ${deviceNameIn(locale)} from ${devices} where ${devices.id} = ${sceneDevices.deviceId})`,
      deviceSn: sql<string>`(select ${devices.deviceSn} from ${devices} where ${devices.id} = ${sceneDevices.deviceId})`,
    }),
    defaultOrder: [sql`${sceneDevices.id} asc`],
    values: checkPlacement,
  }),
  serve(sceneDeviceApi.devices, (c) => sceneCandidates(c.var.deps.db, projectOf(c).projectId, c.var.locale)),
];

/**
 * devSceneModel: the building data screen's configuration of the call's project (/dataScreenSet):
 * the scene it shows, its blocks and its points, each point a property of one of the project's devices.
 */
const devSceneModelServed = [
  serve(devSceneModelApi.info, (c) => screenConfigOf(c.var.deps.db, projectOf(c).projectId)),
  serve(devSceneModelApi.save, async (c, config) => {
    const { db, now } = c.var.deps;
    const { projectId, tenantId } = projectOf(c);
    if (config.sceneId !== null && !(await projectScene(db, projectId, config.sceneId))) throw badRequest("scene.errors.sceneNotInProject");
    const devs = new Map((await projectDevices(db, projectId, config.points.map((p) => p.deviceId))).map((d) => [d.id, d]));
    const props = await propertiesOf(db, [...devs.values()].map((d) => d.productId));
    for (const p of config.points) {
      const d = devs.get(p.deviceId);
      if (!d) throw badRequest("scene.errors.deviceNotInProject", { id: p.deviceId });
      if (!props.get(d.productId)?.has(p.identifier)) throw badRequest("scene.errors.notProperty", { identifier: p.identifier });
    }
    await saveScreenConfig(db, tenantId, projectId, config, now());
    return ok(c, config, "cloud.saved");
  }),
];

/**
 * devPointScreen (core §7 device): the devices placed on a scene of the call's project with their
 * shown value and alarm state — the scene the screen is configured with when none is named.
 */
const devPointScreenServed = serve(devPointScreenApi, async (c, q) => {
  const db = c.var.deps.db;
  const { projectId } = projectOf(c);
  const sceneId = q.sceneId ?? (await screenConfigOf(db, projectId)).sceneId;
  const found = sceneId ? await projectScene(db, projectId, sceneId) : undefined;
  const row = found && localized(c.var.locale, found);
  if (sceneId && !row) throw notFound();
  return {
    // The columns hold the contract's choices (checked on writes).
    scene: row ? { id: row.id, sceneName: row.sceneName, sceneType: row.sceneType as Scene["sceneType"], sceneFile: row.sceneFile, splitScreen: row.splitScreen as Scene["splitScreen"] } : null,
    points: row ? await scenePoints(db, projectId, row.id, c.var.locale) : [],
  };
});

/** Scenes, their placements, the building screen's configuration and its scene view: the call's project's, read by the scene screens. */
export const scenesServed = [...sceneServed, ...sceneDeviceServed, ...devSceneModelServed, devPointScreenServed];
