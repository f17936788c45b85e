import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DataScreenSetView } from "@/components/data-screen-set/data-screen-set-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scene.config"))("title") };
}

export default function Page() {
  return <DataScreenSetView />;
}
