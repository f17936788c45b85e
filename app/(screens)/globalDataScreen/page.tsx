import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GlobalDataScreenView } from "@/components/global-data-screen/global-data-screen-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.globalDataScreen") };
}

export default function Page() {
  return <GlobalDataScreenView />;
}
