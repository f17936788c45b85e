import { StationList } from "@/components/msg/station/station-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.station");

export default function Page() {
  return <StationList />;
}
