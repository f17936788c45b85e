import { BatteryList } from "@/components/devices/battery/battery-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.battery");

export default function Page() {
  return <BatteryList />;
}
