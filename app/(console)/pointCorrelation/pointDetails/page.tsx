import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { PointDetails } from "@/components/monitoring/point-details";
import { pointGroupApi } from "@/lib/contract/monitoring/point-group";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("monitoring", "point.details");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={pointGroupApi.info} searchParams={searchParams}>
      <PointDetails />
    </RowFallback>
  );
}
