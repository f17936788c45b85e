import { AllDevicesList } from "@/components/devices/all-devices/all-devices-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.allDevices");

export default function Page() {
  return <AllDevicesList />;
}
