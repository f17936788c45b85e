import { DepartmentPage } from "@/components/system-set/department-set/department-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.departmentSet");

export default function Page() {
  return <DepartmentPage />;
}
