import { TaskList } from "@/components/robot/task/task-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.task");

export default function Page() {
  return <TaskList />;
}
