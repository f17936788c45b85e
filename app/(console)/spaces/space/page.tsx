import { SpaceList } from "@/components/spaces/space/space-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("devices.space", "title");

export default function Page() {
  return <SpaceList />;
}
