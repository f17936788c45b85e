import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TemplateList } from "@/components/system/template/template-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.notificationTemplate") };
}

export default function Page() {
  return <TemplateList />;
}
