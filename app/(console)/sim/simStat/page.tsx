import { SimStatView } from "@/components/sim/sim-stat/sim-stat-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simStat");

export default function Page() {
  return <SimStatView />;
}
