import { SimProductList } from "@/components/sim/sim-product/sim-product-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simProduct");

export default function Page() {
  return <SimProductList />;
}
