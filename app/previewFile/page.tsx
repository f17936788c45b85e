import { Suspense } from "react";
import { PreviewFileView } from "@/components/knowledge/preview-file-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("knowledge", "preview.title");

export default function Page() {
  return (
    <Suspense>
      <PreviewFileView />
    </Suspense>
  );
}
