import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { SimInfoView } from "@/components/sim/sim-info/sim-info-detail";
import { simCardApi } from "@/lib/contract/sim/card";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={simCardApi.info} searchParams={searchParams}>
      <SimInfoView />
    </RowFallback>
  );
}
