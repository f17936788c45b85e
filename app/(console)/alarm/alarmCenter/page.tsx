import { AlarmCenterList } from "@/components/alarm/alarm-center/alarm-center-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.alarmCenter");

export default function Page() {
  return <AlarmCenterList />;
}
