import { Suspense } from "react";
import { EditTemplateView } from "@/components/report/edit-template-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.editTemplate");

export default function Page() {
  return (
    <Suspense>
      <EditTemplateView />
    </Suspense>
  );
}
