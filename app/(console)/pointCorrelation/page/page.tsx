import { PointCorrelationList } from "@/components/monitoring/point-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.pointCorrelation");

export default function Page() {
  return <PointCorrelationList />;
}
