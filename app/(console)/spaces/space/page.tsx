import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SpaceList } from "@/components/spaces/space/space-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("devices.space"))("title") };
}

export default function Page() {
  return <SpaceList />;
}
