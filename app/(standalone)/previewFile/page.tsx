import { PreviewFileView } from "@/components/knowledge/preview-file-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("knowledge", "preview.title");

/** A knowledge file shared by a link (`?token=`) or a public path: outside the console's shell and login (core §2). */
export default function Page() {
  return <PreviewFileView />;
}
