import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TemplateList } from "@/components/system-set/notification-template/notification-template-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.notificationTemplate") };
}

export default function Page() {
  return <TemplateList />;
}
