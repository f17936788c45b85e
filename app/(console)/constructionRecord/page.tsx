import { BuildInfoList } from "@/components/devices/build-info/build-info-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.constructionRecord");

export default function Page() {
  return <BuildInfoList />;
}
