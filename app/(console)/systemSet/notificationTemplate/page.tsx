import { TemplateList } from "@/components/system-set/notification-template/notification-template-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.notificationTemplate");

export default function Page() {
  return <TemplateList />;
}
