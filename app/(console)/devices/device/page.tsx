import { DeviceList } from "@/components/devices/device/device-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.device");

export default function Page() {
  return <DeviceList />;
}
