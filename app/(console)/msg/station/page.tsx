import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StationList } from "@/components/msg/station/station-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.station") };
}

export default function Page() {
  return <StationList />;
}
