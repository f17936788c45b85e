import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AllDevicesList } from "@/components/devices/all-devices/all-devices-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.allDevices") };
}

export default function Page() {
  return <AllDevicesList />;
}
