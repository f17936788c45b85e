import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PointCorrelationList } from "@/components/monitoring/point-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.pointCorrelation") };
}

export default function Page() {
  return <PointCorrelationList />;
}
