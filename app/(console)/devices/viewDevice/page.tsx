import { ViewDeviceDetail } from "@/components/devices/view-device/view-device-detail";
import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { deviceApi } from "@/lib/contract/device/device";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.viewDevice");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={deviceApi.info} searchParams={searchParams}>
      <ViewDeviceDetail />
    </RowFallback>
  );
}
