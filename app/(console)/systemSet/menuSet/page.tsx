import { MenuPage } from "@/components/system-set/menu-set/menu-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.menuSet");

export default function Page() {
  return <MenuPage />;
}
