import { ObjModelList } from "@/components/product-set/obj-model-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.objModel");

export default function Page() {
  return <ObjModelList />;
}
