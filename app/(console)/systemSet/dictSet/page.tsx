import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DictPage } from "@/components/system-set/dict-set/dict-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.dictSet") };
}

export default function Page() {
  return <DictPage />;
}
