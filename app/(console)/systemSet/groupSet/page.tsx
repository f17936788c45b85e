import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GroupList } from "@/components/system-set/group-set/group-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.groupSet") };
}

export default function Page() {
  return (
    <Suspense>
      <GroupList />
    </Suspense>
  );
}
