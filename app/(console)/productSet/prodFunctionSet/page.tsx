import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProdFunctionList } from "@/components/product-set/prod-function-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.prodFunctionSet") };
}

export default function Page() {
  return <ProdFunctionList />;
}
