import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TenantInfoView } from "@/components/system-set/tenant-info/tenant-info-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.tenantInfo") };
}

export default function Page() {
  return <TenantInfoView />;
}
