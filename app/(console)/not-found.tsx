import { NotFoundView } from "@/components/app/not-found-view";

export default function NotFound() {
  return <NotFoundView />;
}
