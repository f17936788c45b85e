import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoleList } from "@/components/system-set/role-set/role-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.tenantRoleSet") };
}

export default function Page() {
  return (
    <Suspense>
      <RoleList side="tenant" />
    </Suspense>
  );
}
