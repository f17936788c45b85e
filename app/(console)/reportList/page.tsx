import { ReportList } from "@/components/report/report-list-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.reportList");

export default function Page() {
  return <ReportList />;
}
