import { LinkageLogList } from "@/components/linkage/log-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.linkageLog");

export default function Page() {
  return <LinkageLogList />;
}
