import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LevelList } from "@/components/alarm/level-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.levelSet") };
}

export default function Page() {
  return <LevelList />;
}
