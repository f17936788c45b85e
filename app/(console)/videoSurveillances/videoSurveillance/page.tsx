import { VideoSurveillanceView } from "@/components/video-surveillances/video-surveillance/video-surveillance-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.videoSurveillance");

export default function Page() {
  return <VideoSurveillanceView />;
}
