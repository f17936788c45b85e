import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { ProductInfoView } from "@/components/product-set/product-info";
import { productApi } from "@/lib/contract/device/product";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.productInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={productApi.info} searchParams={searchParams}>
      <ProductInfoView />
    </RowFallback>
  );
}
