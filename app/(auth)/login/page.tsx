import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginPage } from "@/components/login/login-page";
import { LoginSkeleton } from "@/components/login/login-skeleton";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The branding call to the cloud streams in behind a skeleton of the same card.
  return (
    <Suspense fallback={<LoginSkeleton />}>
      <LoginPage searchParams={searchParams} />
    </Suspense>
  );
}
