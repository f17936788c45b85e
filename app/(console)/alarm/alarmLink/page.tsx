import { AlarmLinkPage } from "@/components/alarm/alarm-link-page";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.alarmLink");

export default function Page() {
  return <AlarmLinkPage />;
}
