import { ReportTemplateList } from "@/components/report/report-template-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.reportTemplate");

export default function Page() {
  return <ReportTemplateList />;
}
