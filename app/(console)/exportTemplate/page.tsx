import { Suspense } from "react";
import { ExportTemplateView } from "@/components/report/export-template-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.exportTemplate");

export default function Page() {
  return (
    <Suspense>
      <ExportTemplateView />
    </Suspense>
  );
}
