import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { StationInfoView } from "@/components/msg/station-info/station-info-detail";
import { stationApi } from "@/lib/contract/message";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.stationInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={stationApi.info} searchParams={searchParams}>
      <StationInfoView />
    </RowFallback>
  );
}
