import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { SimOrderInfoView } from "@/components/sim/sim-order-info/sim-order-info-detail";
import { simOrderApi } from "@/lib/contract/sim/order";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simOrderInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={simOrderApi.info} searchParams={searchParams}>
      <SimOrderInfoView />
    </RowFallback>
  );
}
