import { battery, batteryApi, type Battery } from "@/lib/contract/device/battery";
import { batteries } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";

/**
 * Battery models of the caller's tenant; the full-charge voltage above the termination voltage is
 * the contract's rule, so the form, the routes and every imported row are held to it alike.
 */
export const batteryRoutes = crudRoutes<typeof battery.fields, Battery>({
  table: batteries,
  entity: battery,
  calls: batteryApi,
  unique: [{ field: "batteryName", error: "deviceOps.battery.nameTaken" }],
});
