import { Suspense } from "react";
import { OtaUpdateView } from "@/components/ota/ota-update/ota-update-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.OTAUpdate");

export default function Page() {
  return (
    <Suspense>
      <OtaUpdateView />
    </Suspense>
  );
}
