import { ObjFunctionList } from "@/components/product-set/obj-function-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.objFunction");

export default function Page() {
  return <ObjFunctionList />;
}
