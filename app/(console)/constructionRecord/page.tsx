import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BuildInfoList } from "@/components/devices/build-info/build-info-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.constructionRecord") };
}

export default function Page() {
  return <BuildInfoList />;
}
