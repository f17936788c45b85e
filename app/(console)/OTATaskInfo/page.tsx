import { OtaTaskInfoDetail } from "@/components/ota/ota-task-info/ota-task-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.OTATaskInfo");

export default function Page() {
  return <OtaTaskInfoDetail />;
}
