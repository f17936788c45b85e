import { ProductInfoView } from "@/components/product-set/product-info";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.productInfo");

export default function Page() {
  return <ProductInfoView />;
}
