import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeviceList } from "@/components/devices/device/device-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.device") };
}

export default function Page() {
  return <DeviceList />;
}
