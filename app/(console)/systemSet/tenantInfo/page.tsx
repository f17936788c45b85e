import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { TenantInfoView } from "@/components/system-set/tenant-info/tenant-info-detail";
import { tenantApi } from "@/lib/contract/system/tenant";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.tenantInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={tenantApi.info} searchParams={searchParams}>
      <TenantInfoView />
    </RowFallback>
  );
}
