import { CustomPageView } from "@/components/report/custom-page-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.page2");

export default function Page() {
  return <CustomPageView page={2} />;
}
