import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DataPushList } from "@/components/devices/data-push/data-push-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.dataPush") };
}

export default function Page() {
  return <DataPushList />;
}
