import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KnowledgeView } from "@/components/knowledge/knowledge-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.knowledge") };
}

export default function Page() {
  return <KnowledgeView />;
}
