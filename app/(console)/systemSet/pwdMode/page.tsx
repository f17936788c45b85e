import { PwdModeView } from "@/components/system-set/pwd-mode/pwd-mode-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.pwdMode");

export default function Page() {
  return <PwdModeView />;
}
