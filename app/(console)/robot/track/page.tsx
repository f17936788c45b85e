import { TrackList } from "@/components/robot/track/track-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.track");

export default function Page() {
  return <TrackList />;
}
