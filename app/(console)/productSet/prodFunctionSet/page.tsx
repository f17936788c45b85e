import { ProdFunctionList } from "@/components/product-set/prod-function-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.prodFunctionSet");

export default function Page() {
  return <ProdFunctionList />;
}
