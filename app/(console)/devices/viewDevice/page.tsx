import { ViewDeviceDetail } from "@/components/devices/view-device/view-device-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.viewDevice");

export default function Page() {
  return <ViewDeviceDetail />;
}
