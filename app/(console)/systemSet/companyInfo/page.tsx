import { CompanyInfoView } from "@/components/system-set/company-info/company-info-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.companyInfo");

export default function Page() {
  return <CompanyInfoView />;
}
