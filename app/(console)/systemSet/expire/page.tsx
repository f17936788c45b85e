import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ExpireView } from "@/components/system-set/expire/expire-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.expire") };
}

export default function Page() {
  return <ExpireView />;
}
