import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ObjFunctionList } from "@/components/product-set/obj-function-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.objFunction") };
}

export default function Page() {
  return <ObjFunctionList />;
}
