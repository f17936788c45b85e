import { GlobalDataScreen1View } from "@/components/global-data-screen1/global-data-screen1-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.globalDataScreen1");

export default function Page() {
  return <GlobalDataScreen1View />;
}
