import { GlobalDataScreenView } from "@/components/global-data-screen/global-data-screen-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.globalDataScreen");

export default function Page() {
  return <GlobalDataScreenView />;
}
