import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PwdModeView } from "@/components/system-set/pwd-mode/pwd-mode-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.pwdMode") };
}

export default function Page() {
  return <PwdModeView />;
}
