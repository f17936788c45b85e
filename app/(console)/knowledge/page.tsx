import { KnowledgeView } from "@/components/knowledge/knowledge-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.knowledge");

export default function Page() {
  return <KnowledgeView />;
}
