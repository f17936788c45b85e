import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProdCopyInfoView } from "@/components/prod-copy/prod-copy-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.prodCopyInfo") };
}

export default function Page() {
  return <ProdCopyInfoView />;
}
