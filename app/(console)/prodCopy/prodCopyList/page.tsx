import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProdCopyList } from "@/components/prod-copy/prod-copy-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.prodCopyList") };
}

export default function Page() {
  return <ProdCopyList />;
}
