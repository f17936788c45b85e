import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { ProdCopyInfoView } from "@/components/prod-copy/prod-copy-info-detail";
import { prodCopyApi } from "@/lib/contract/device/product";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.prodCopyInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={prodCopyApi.info} searchParams={searchParams}>
      <ProdCopyInfoView />
    </RowFallback>
  );
}
