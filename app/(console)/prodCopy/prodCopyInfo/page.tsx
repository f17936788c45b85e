import { ProdCopyInfoView } from "@/components/prod-copy/prod-copy-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.prodCopyInfo");

export default function Page() {
  return <ProdCopyInfoView />;
}
