import { RecordView } from "@/components/robot/inspection-record/record-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.viewInspectionRecord");

export default function Page() {
  return <RecordView />;
}
