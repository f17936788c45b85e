import { RowFallback, type PageSearchParams } from "@/components/kit/detail/row-fallback";
import { ObjModelInfoView } from "@/components/product-set/obj-model-info-detail";
import { objModelApi } from "@/lib/contract/device/product";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.objModelInfo");

export default function Page({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <RowFallback info={objModelApi.info} searchParams={searchParams}>
      <ObjModelInfoView />
    </RowFallback>
  );
}
