import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductInfoView } from "@/components/product-set/product-info";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.productInfo") };
}

export default function Page() {
  return <ProductInfoView />;
}
