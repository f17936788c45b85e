import { Suspense } from "react";
import { HomeView } from "@/components/home/home-view";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("common.home", "title");

export default function Page() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <HomeView />
    </Suspense>
  );
}
