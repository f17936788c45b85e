import { PageStatusView } from "@/components/app/page-status-view";

/** `notFound()` from a console page (a record that is gone): the view inside the shell. */
export default function NotFound() {
  return <PageStatusView />;
}
