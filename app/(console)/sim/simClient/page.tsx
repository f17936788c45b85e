import { SimClientList } from "@/components/sim/sim-client/sim-client-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.simClient");

export default function Page() {
  return <SimClientList />;
}
