import { ReportPlanList } from "@/components/report/report-plan-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.reportPlan");

export default function Page() {
  return <ReportPlanList />;
}
