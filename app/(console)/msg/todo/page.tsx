import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TodoList } from "@/components/msg/todo/todo-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.todo") };
}

export default function Page() {
  return <TodoList />;
}
