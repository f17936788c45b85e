import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PhoneSetView } from "@/components/system-set/phone-set/phone-set-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.phoneSet") };
}

export default function Page() {
  return <PhoneSetView />;
}
