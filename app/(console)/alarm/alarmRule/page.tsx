import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RuleList } from "@/components/alarm/rule-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.alarmRule") };
}

export default function Page() {
  return <RuleList />;
}
