import { ProdCopyList } from "@/components/prod-copy/prod-copy-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.prodCopyList");

export default function Page() {
  return <ProdCopyList />;
}
