import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DepartmentPage } from "@/components/system-set/department-set/department-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.departmentSet") };
}

export default function Page() {
  return (
    <Suspense>
      <DepartmentPage />
    </Suspense>
  );
}
