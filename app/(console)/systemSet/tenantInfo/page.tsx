import { TenantInfoView } from "@/components/system-set/tenant-info/tenant-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.tenantInfo");

export default function Page() {
  return <TenantInfoView />;
}
