import { DataPushList } from "@/components/devices/data-push/data-push-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.dataPush");

export default function Page() {
  return <DataPushList />;
}
