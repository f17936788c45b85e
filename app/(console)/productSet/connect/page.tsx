import { ConnectList } from "@/components/product-set/connect-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.connect");

export default function Page() {
  return <ConnectList />;
}
