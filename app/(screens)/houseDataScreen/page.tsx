import { HouseDataScreen } from "@/components/house-data-screen/house-data-screen-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("scene.screen", "title");

export default function Page() {
  return <HouseDataScreen />;
}
