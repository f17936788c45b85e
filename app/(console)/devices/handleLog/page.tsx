import { HandleLogList } from "@/components/devices/ops/handle-log-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.handleLog");

export default function Page() {
  return <HandleLogList />;
}
