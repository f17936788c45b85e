import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlarmLinkPage } from "@/components/alarm/alarm-link-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.alarmLink") };
}

export default function Page() {
  return <AlarmLinkPage />;
}
