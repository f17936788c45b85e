import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ViewDeviceDetail } from "@/components/devices/view-device/view-device-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.viewDevice") };
}

export default function Page() {
  return <ViewDeviceDetail />;
}
