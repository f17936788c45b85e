import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginPageView } from "@/components/system-set/login-page/login-page-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.loginPage") };
}

export default function Page() {
  return <LoginPageView />;
}
