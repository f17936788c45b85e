import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SecurityView } from "@/components/system-set/security-set/security-set-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.securitySet") };
}

export default function Page() {
  return <SecurityView />;
}
