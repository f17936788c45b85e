import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AiChatView } from "@/components/ai/ai-chat-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ai"))("title") };
}

/** Opened in a new tab from the header's AI button, outside the console's shell (core §2). */
export default function Page() {
  return (
    <Suspense>
      <AiChatView />
    </Suspense>
  );
}
