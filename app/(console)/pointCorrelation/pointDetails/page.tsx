import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PointDetails } from "@/components/monitoring/point-details";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("monitoring"))("point.details") };
}

export default function Page() {
  return <PointDetails />;
}
