import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TenantList } from "@/components/system-set/tenant-set/tenant-set-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.tenantSet") };
}

export default function Page() {
  return <TenantList />;
}
