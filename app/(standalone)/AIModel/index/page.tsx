import { AiChatView } from "@/components/ai/ai-chat-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("ai", "title");

/** Opened in a new tab from the header's AI button, outside the console's shell (core §2). */
export default function Page() {
  return <AiChatView />;
}
