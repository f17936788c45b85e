import type { Served } from "../../lib/serve";
import { apiKeyServed } from "./api-key";
import { areaServed } from "./areas";
import { companyServed } from "./company";
import { departmentServed } from "./department";
import { dictItemServed, dictServed } from "./dict";
import { groupServed } from "./group";
import { loginServed } from "./login";
import { menuAdminServed } from "./menu-admin";
import { currentMenuServed } from "./menu-current";
import { pwdModeServed } from "./pwd-mode";
import { retentionServed } from "./retention";
import { roleServed } from "./role";
import { safetyServed } from "./safety";
import { searchServed } from "./search";
import { tenantServed } from "./tenant";
import { tenantStatServed } from "./tenant-stat";
import { userServed } from "./user";

/** The service's declared calls (`lib/contract`), each served with its own checks. */
export const sysServed: Served[] = [
  ...loginServed,
  ...areaServed,
  ...tenantServed,
  ...tenantStatServed,
  ...companyServed,
  ...pwdModeServed,
  ...retentionServed,
  ...dictServed,
  ...dictItemServed,
  ...currentMenuServed,
  ...menuAdminServed,
  ...departmentServed,
  ...groupServed,
  ...userServed,
  ...roleServed,
  ...safetyServed,
  ...searchServed,
  ...apiKeyServed,
];
