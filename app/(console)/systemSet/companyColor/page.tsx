import { CompanyColorView } from "@/components/system-set/company-color/company-color-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.companyColor");

export default function Page() {
  return <CompanyColorView />;
}
