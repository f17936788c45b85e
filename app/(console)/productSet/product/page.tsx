import { ProductList } from "@/components/product-set/product-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.product");

export default function Page() {
  return <ProductList />;
}
