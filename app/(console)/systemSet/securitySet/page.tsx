import { SecurityView } from "@/components/system-set/security-set/security-set-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.securitySet");

export default function Page() {
  return <SecurityView />;
}
