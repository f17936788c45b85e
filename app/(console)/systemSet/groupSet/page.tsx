import { GroupList } from "@/components/system-set/group-set/group-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.groupSet");

export default function Page() {
  return <GroupList />;
}
