import { UserList } from "@/components/system-set/user-set/user-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.userSet");

export default function Page() {
  return <UserList />;
}
