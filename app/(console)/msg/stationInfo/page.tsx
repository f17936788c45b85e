import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StationInfoView } from "@/components/msg/station-info/station-info-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.stationInfo") };
}

export default function Page() {
  return <StationInfoView />;
}
