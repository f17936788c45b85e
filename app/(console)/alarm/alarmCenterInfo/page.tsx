import { AlarmCenterInfoView } from "@/components/alarm/alarm-center-info/alarm-center-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.alarmCenterInfo");

export default function Page() {
  return <AlarmCenterInfoView />;
}
