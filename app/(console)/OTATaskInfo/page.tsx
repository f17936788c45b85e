import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { OtaTaskInfoDetail } from "@/components/ota/ota-task-info/ota-task-info-detail";
import { otaTaskApi } from "@/lib/contract/ota/task-api";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.OTATaskInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={otaTaskApi.info} searchParams={searchParams}>
      <OtaTaskInfoDetail />
    </RowFallback>
  );
}
