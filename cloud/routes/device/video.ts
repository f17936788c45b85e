import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { PAD_SERVICE } from "@/lib/contract/linkage/pad";
import { cameraNumber, videoApi } from "@/lib/contract/video/video";
import { devices, productFunctions, products, projects, spaces } from "../../db/schema";
import { visibleProjects } from "../../db/queries/projects";
import { AppError, notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { deviceFor } from "../../lib/devices";
import { deviceNameIn, projectNameIn, spaceNameIn } from "../../db/queries/names";

/** Camera products are those of the camera category. */
const CAMERA_CATEGORY = "camera";

/**
 * The video calls (issue 34): the caller's cameras (devices of a camera product in the projects
 * the caller may see, a project's only when asked), and a camera's HTTP-FLV stream from the
 * cloud's media part; another tenant's or project's camera is not found.
 */
export const videoServed = [
  serve(videoApi.cameras, async (c, { projectId }) => {
    const db = c.var.deps.db;
    const seen = sql`${devices.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(db, c.var.auth)})`;
    const rows = await db
      .select({ id: devices.id, deviceName: deviceNameIn(c.var.locale), deviceSn: devices.deviceSn, channelNo: devices.channelNo, projectId: devices.projectId, prjName: projectNameIn(c.var.locale), spaceId: devices.spaceId, spaceName: spaceNameIn(c.var.locale), status: devices.status, productId: devices.productId })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(spaces, eq(spaces.id, devices.spaceId))
      .where(tenantScope(c.var.auth).where(devices, eq(products.prodCategory, CAMERA_CATEGORY), seen, projectId ? eq(devices.projectId, projectId) : undefined))
      .orderBy(asc(projects.id), asc(devices.channelNo), asc(devices.id));
    const productIds = [...new Set(rows.map((r) => r.productId))];
    const padProducts = productIds.length
      ? new Set(
          (await db.select({ productId: productFunctions.productId, definition: productFunctions.definition }).from(productFunctions).where(inArray(productFunctions.productId, productIds)))
            .filter((f) => f.definition.identifier === PAD_SERVICE && f.definition.funcType === FUNC_TYPE.service)
            .map((f) => f.productId),
        )
      : new Set<number>();
    return rows.map(({ productId, ...r }) => ({ ...r, projectId: r.projectId!, status: Number(r.status), ptz: padProducts.has(productId) }));
  }),
  serve(videoApi.flv, async (c, { id }) => {
    const d = await deviceFor(c, id);
    const [camera] = await c.var.deps.db
      .select({ name: deviceNameIn(c.var.locale), channelNo: devices.channelNo })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .where(and(eq(devices.id, d.id), eq(products.prodCategory, CAMERA_CATEGORY)));
    if (!camera) throw notFound();
    const media = c.var.deps.cameras;
    if (!media) throw new AppError(Code.BAD_REQUEST, "cloud.video.noMedia");
    const stream = media.streams.flv(String(d.id), {
      label: `${camera.name} ${cameraNumber(camera.channelNo)}`,
      position: () => media.positionOf(d.id) ?? { pan: 0, tilt: 0 },
    });
    return new Response(stream, { headers: { "content-type": "video/x-flv", "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  }),
];
