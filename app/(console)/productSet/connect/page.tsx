import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ConnectList } from "@/components/product-set/connect-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.connect") };
}

export default function Page() {
  return <ConnectList />;
}
