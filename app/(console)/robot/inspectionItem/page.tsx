import { ItemList } from "@/components/robot/item/item-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.inspectionItem");

export default function Page() {
  return <ItemList />;
}
