import { SimSetView } from "@/components/sim/sim-set/sim-set-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simSet");

export default function Page() {
  return <SimSetView />;
}
