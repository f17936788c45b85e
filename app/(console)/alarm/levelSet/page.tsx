import { LevelList } from "@/components/alarm/level-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.levelSet");

export default function Page() {
  return <LevelList />;
}
