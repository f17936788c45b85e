import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HandleLogList } from "@/components/devices/ops/handle-log-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.handleLog") };
}

export default function Page() {
  return <HandleLogList />;
}
