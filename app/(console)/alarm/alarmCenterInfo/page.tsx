import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlarmCenterInfoView } from "@/components/alarm/alarm-center-info/alarm-center-info-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.alarmCenterInfo") };
}

export default function Page() {
  return <AlarmCenterInfoView />;
}
