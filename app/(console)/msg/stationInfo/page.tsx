import { StationInfoView } from "@/components/msg/station-info/station-info-detail";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.stationInfo");

export default function Page() {
  return <StationInfoView />;
}
