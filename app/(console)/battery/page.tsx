import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatteryList } from "@/components/devices/battery/battery-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.battery") };
}

export default function Page() {
  return <BatteryList />;
}
