import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompanyInfoView } from "@/components/system-set/company-info/company-info-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.companyInfo") };
}

export default function Page() {
  return <CompanyInfoView />;
}
