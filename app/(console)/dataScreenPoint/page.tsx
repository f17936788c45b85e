import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DataScreenPointList } from "@/components/data-screen-point/data-screen-point-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scene.place"))("title") };
}

export default function Page() {
  return <DataScreenPointList />;
}
