import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkageList } from "@/components/linkage/rule-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.linkage") };
}

export default function Page() {
  return <LinkageList />;
}
