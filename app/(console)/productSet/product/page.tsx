import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductList } from "@/components/product-set/product-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.product") };
}

export default function Page() {
  return <ProductList />;
}
