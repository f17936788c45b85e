import { SimOrderList } from "@/components/sim/sim-order/sim-order-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simOrder");

export default function Page() {
  return <SimOrderList />;
}
