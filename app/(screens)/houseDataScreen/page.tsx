import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HouseDataScreen } from "@/components/house-data-screen/house-data-screen-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scene.screen"))("title") };
}

export default function Page() {
  return <HouseDataScreen />;
}
