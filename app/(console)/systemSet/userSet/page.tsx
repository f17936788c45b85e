import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserList } from "@/components/system-set/user-set/user-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.userSet") };
}

export default function Page() {
  return (
    <Suspense>
      <UserList />
    </Suspense>
  );
}
