import { SimList } from "@/components/sim/sim/sim-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.sim");

export default function Page() {
  return <SimList />;
}
