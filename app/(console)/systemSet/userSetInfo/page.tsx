import { UserInfoView } from "@/components/system-set/user-set-info/user-set-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.userSetInfo");

export default function Page() {
  return <UserInfoView />;
}
