import { KnowledgeLogList } from "@/components/knowledge/log/knowledge-log-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.knowledgeLog");

export default function Page() {
  return <KnowledgeLogList />;
}
