import { ExpireView } from "@/components/system-set/expire/expire-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.expire");

export default function Page() {
  return <ExpireView />;
}
