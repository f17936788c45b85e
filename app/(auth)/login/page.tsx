import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginPage } from "@/components/login/login-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <LoginPage searchParams={searchParams} />;
}
