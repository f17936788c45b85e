import { TodoList } from "@/components/msg/todo/todo-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.todo");

export default function Page() {
  return <TodoList />;
}
