import { TenantList } from "@/components/system-set/tenant-set/tenant-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.tenantSet");

export default function Page() {
  return <TenantList />;
}
