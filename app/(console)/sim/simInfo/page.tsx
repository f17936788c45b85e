import { SimInfoView } from "@/components/sim/sim-info/sim-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simInfo");

export default function Page() {
  return <SimInfoView />;
}
