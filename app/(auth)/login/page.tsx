import { Suspense } from "react";
import { LoginPage } from "@/components/login/login-page";
import { LoginSkeleton } from "@/components/login/login-skeleton";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("login", "title");

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The branding call to the cloud streams in behind a skeleton of the same card.
  return (
    <Suspense fallback={<LoginSkeleton />}>
      <LoginPage searchParams={searchParams} />
    </Suspense>
  );
}
