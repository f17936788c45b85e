import { SimSetList } from "@/components/sim/sim-set/sim-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simSet");

export default function Page() {
  return <SimSetList />;
}
