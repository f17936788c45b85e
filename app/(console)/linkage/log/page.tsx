import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkageLogList } from "@/components/linkage/log-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.linkageLog") };
}

export default function Page() {
  return <LinkageLogList />;
}
