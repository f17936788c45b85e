import { ObjModelInfoView } from "@/components/product-set/obj-model-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.objModelInfo");

export default function Page() {
  return <ObjModelInfoView />;
}
