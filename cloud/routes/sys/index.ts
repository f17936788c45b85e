import { Hono } from "hono";
import type { CloudEnv } from "../../lib/context";
import { areaRoutes } from "./areas";
import { companyRoutes } from "./company";
import { loginRoutes } from "./login";
import { tenantRoutes } from "./tenant";
import { currentMenuRoutes } from "./menu-current";
import { departmentRoutes } from "./department";
import { groupRoutes } from "./group";
import { userRoutes } from "./user";

export const sysRoutes = new Hono<CloudEnv>()
  .route("/login", loginRoutes)
  .route("/areas", areaRoutes)
  .route("/tenant", tenantRoutes)
  .route("/company", companyRoutes)
  .route("/menu", currentMenuRoutes)
  .route("/department", departmentRoutes)
  .route("/group", groupRoutes)
  .route("/user", userRoutes);
