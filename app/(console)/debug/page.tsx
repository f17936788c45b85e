import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DebugConsole } from "@/components/devices/ops/debug-console";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.debug") };
}

export default function Page() {
  return <DebugConsole />;
}
