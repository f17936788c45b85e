import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KnowledgeLogList } from "@/components/knowledge/log/knowledge-log-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.knowledgeLog") };
}

export default function Page() {
  return <KnowledgeLogList />;
}
