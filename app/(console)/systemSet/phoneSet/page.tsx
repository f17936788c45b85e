import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PhoneSetView } from "@/components/system/phone-set/phone-set-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.phoneSet") };
}

export default function Page() {
  return <PhoneSetView />;
}
