import { DataScreenSetView } from "@/components/data-screen-set/data-screen-set-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("scene.config", "title");

export default function Page() {
  return <DataScreenSetView />;
}
