import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlarmCenterList } from "@/components/alarm/alarm-center/alarm-center-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.alarmCenter") };
}

export default function Page() {
  return <AlarmCenterList />;
}
