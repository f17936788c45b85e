import { TenantApiKeyList } from "@/components/system-set/tenant-api-keys/tenant-api-keys-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.tenantApiKeys");

export default function Page() {
  return <TenantApiKeyList />;
}
