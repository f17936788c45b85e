import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompanyColorView } from "@/components/system-set/company-color/company-color-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.companyColor") };
}

export default function Page() {
  return <CompanyColorView />;
}
