import { PointList } from "@/components/robot/point/point-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.point");

export default function Page() {
  return <PointList />;
}
