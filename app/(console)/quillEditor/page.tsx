import { Suspense } from "react";
import { DocumentEditorView } from "@/components/media/document/document-editor";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.quillEditor");

export default function Page() {
  return (
    <Suspense>
      <DocumentEditorView />
    </Suspense>
  );
}
