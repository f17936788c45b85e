import { StatisticsScreen } from "@/components/robot/statistics/statistics-screen";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.inspectionTaskStatistics");

export default function Page() {
  return <StatisticsScreen kind="task" />;
}
