import { DataScreenPointList } from "@/components/data-screen-point/data-screen-point-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("scene.place", "title");

export default function Page() {
  return <DataScreenPointList />;
}
