import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GlobalDataScreen1View } from "@/components/global-data-screen1/global-data-screen1-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.globalDataScreen1") };
}

export default function Page() {
  return <GlobalDataScreen1View />;
}
