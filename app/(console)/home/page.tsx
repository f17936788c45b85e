import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HomeView } from "@/components/home/home-view";
import { PageSkeleton } from "@/components/shell/page-skeleton";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.home"))("title") };
}

export default function Page() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <HomeView />
    </Suspense>
  );
}
