import { Suspense } from "react";
import { ViewDeviceDetail } from "@/components/devices/view-device/view-device-detail";
import { RowFallback } from "@/components/kit/detail/row-fallback";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { deviceApi } from "@/lib/contract/device/device";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.viewDevice");

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <RowFallback info={deviceApi.info} searchParams={searchParams}>
        <ViewDeviceDetail />
      </RowFallback>
    </Suspense>
  );
}
