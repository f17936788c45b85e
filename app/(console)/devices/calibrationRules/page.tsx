import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BetonRuleList } from "@/components/devices/beton/beton-rule-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.calibrationRules") };
}

export default function Page() {
  return <BetonRuleList />;
}
