import { LinkageList } from "@/components/linkage/rule-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.linkage");

export default function Page() {
  return <LinkageList />;
}
