import { RoleList } from "@/components/system-set/role-set/role-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.tenantRoleSet");

export default function Page() {
  return <RoleList side="tenant" />;
}
