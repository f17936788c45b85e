import { battery, type Battery } from "@/lib/contract/device/battery";
import { batteries } from "../../db/schema";
import { requireMenu } from "../../lib/auth";
import { crudRoutes } from "../../lib/crud-routes";

/**
 * battery: add, del, info, page, upd, importBattery (core §7). Battery models of the caller's
 * tenant; the full-charge voltage above the termination voltage is the contract's rule, so the
 * form, the routes and every imported row are held to it alike.
 */
export const batteryRoutes = crudRoutes<typeof battery.fields, Battery>({
  table: batteries,
  entity: battery,
  read: requireMenu("/battery"),
  paths: { import: "/importBattery" },
  unique: [{ field: "batteryName", error: "deviceOps.battery.nameTaken" }],
});
