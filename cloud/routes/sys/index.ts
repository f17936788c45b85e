import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { areaRoutes } from "./areas";
import { companyRoutes } from "./company";
import { dictItemRoutes, dictRoutes } from "./dict";
import { loginRoutes } from "./login";
import { pwdModeRoutes } from "./pwd-mode";
import { tenantRoutes } from "./tenant";
import { tenantStatRoutes } from "./tenant-stat";
import { currentMenuRoutes } from "./menu-current";
import { departmentRoutes } from "./department";
import { groupRoutes } from "./group";
import { userRoutes } from "./user";
import { roleRoutes } from "./role";
import { menuAdminRoutes } from "./menu-admin";
import { safetyRoutes } from "./safety";
import type { Served } from "../../lib/serve";

export const sysRoutes = new Hono<CloudEnv>()
  .route("/login", loginRoutes)
  .route("/areas", areaRoutes)
  .route("/tenant", tenantRoutes)
  .route("/tenant", tenantStatRoutes)
  .route("/company", companyRoutes)
  .route("/pwdMode", pwdModeRoutes)
  .route("/dict", dictRoutes)
  .route("/dictItem", dictItemRoutes)
  .route("/menu", currentMenuRoutes)
  .route("/department", departmentRoutes)
  .route("/group", groupRoutes)
  .route("/user", userRoutes)
  .route("/role", roleRoutes)
  .route("/menu", menuAdminRoutes)
  .route("/safety", safetyRoutes);

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const sysServed: Served[] = [];
