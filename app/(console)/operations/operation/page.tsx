import { OperationView } from "@/components/operations/operation/operation-view";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.operation");

export default function Page() {
  return <OperationView />;
}
