import { DictPage } from "@/components/system-set/dict-set/dict-set-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.dictSet");

export default function Page() {
  return <DictPage />;
}
