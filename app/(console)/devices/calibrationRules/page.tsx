import { BetonRuleList } from "@/components/devices/beton/beton-rule-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.calibrationRules");

export default function Page() {
  return <BetonRuleList />;
}
