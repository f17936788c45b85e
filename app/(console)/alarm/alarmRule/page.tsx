import { RuleList } from "@/components/alarm/rule-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.alarmRule");

export default function Page() {
  return <RuleList />;
}
