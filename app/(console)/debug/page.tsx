import { DebugConsole } from "@/components/devices/ops/debug-console";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.debug");

export default function Page() {
  return <DebugConsole />;
}
