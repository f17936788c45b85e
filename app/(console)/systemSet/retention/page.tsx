import { RetentionView } from "@/components/system-set/retention/retention-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.retention");

export default function Page() {
  return <RetentionView />;
}
