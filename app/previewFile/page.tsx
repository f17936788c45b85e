import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PreviewFileView } from "@/components/knowledge/preview-file-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("knowledge"))("preview.title") };
}

export default function Page() {
  return (
    <Suspense>
      <PreviewFileView />
    </Suspense>
  );
}
