import { AlarmCenterInfoView } from "@/components/alarm/alarm-center-info/alarm-center-info-detail";
import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { alarmCoreApi } from "@/lib/contract/alarm/alarm-center";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.alarmCenterInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={alarmCoreApi.info} searchParams={searchParams}>
      <AlarmCenterInfoView />
    </RowFallback>
  );
}
