import { LoginPageView } from "@/components/system-set/login-page/login-page-settings";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.loginPage");

export default function Page() {
  return <LoginPageView />;
}
