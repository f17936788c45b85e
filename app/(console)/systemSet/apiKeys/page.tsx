import { ApiKeyList } from "@/components/system-set/api-keys/api-keys-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.apiKeys");

export default function Page() {
  return <ApiKeyList />;
}
