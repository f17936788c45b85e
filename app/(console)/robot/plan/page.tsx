import { PlanList } from "@/components/robot/plan/plan-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.plan");

export default function Page() {
  return <PlanList />;
}
