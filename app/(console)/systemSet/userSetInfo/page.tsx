import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserInfoView } from "@/components/system-set/user-set-info/user-set-info-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.userSetInfo") };
}

export default function Page() {
  return <UserInfoView />;
}
