import { RobotConsole } from "@/components/robot-control/robot-console";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.deployRobotControl");

/** Driving a robot in deployment mode (`?deviceId=`), outside the shell. */
export default function Page() {
  return <RobotConsole page="deploy" />;
}
