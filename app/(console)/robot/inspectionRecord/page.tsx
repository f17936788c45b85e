import { RecordList } from "@/components/robot/inspection-record/record-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.inspectionRecord");

export default function Page() {
  return <RecordList />;
}
