import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TenantList } from "@/components/system/tenant/tenant-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.tenantSet") };
}

export default function Page() {
  return <TenantList />;
}
