import { SimOrderInfoView } from "@/components/sim/sim-order-info/sim-order-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simOrderInfo");

export default function Page() {
  return <SimOrderInfoView />;
}
