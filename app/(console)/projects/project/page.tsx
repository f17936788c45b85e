import { ProjectList } from "@/components/projects/project/project-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("projects.project", "title");

export default function Page() {
  return <ProjectList />;
}
