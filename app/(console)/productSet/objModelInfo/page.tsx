import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ObjModelInfoView } from "@/components/product-set/obj-model-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.objModelInfo") };
}

export default function Page() {
  return <ObjModelInfoView />;
}
