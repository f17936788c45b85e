import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MenuPage } from "@/components/system-set/menu-set/menu-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.menuSet") };
}

export default function Page() {
  return (
    <Suspense>
      <MenuPage />
    </Suspense>
  );
}
