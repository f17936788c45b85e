import { PageStatus } from "@/components/kit/page-status";

/** `notFound()` from a console page (a record that is gone): the view inside the shell. */
export default function NotFound() {
  return <PageStatus />;
}
