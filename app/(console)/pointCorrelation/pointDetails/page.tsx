import { PointDetails } from "@/components/monitoring/point-details";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("monitoring", "point.details");

export default function Page() {
  return <PointDetails />;
}
