import { PhoneSetView } from "@/components/system-set/phone-set/phone-set-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.phoneSet");

export default function Page() {
  return <PhoneSetView />;
}
