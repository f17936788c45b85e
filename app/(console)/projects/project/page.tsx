import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProjectList } from "@/components/projects/project/project-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("projects.project"))("title") };
}

export default function Page() {
  return <ProjectList />;
}
