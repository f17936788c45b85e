import { Suspense } from "react";
import { RobotGate } from "@/components/robot-control/robot-gate";

/** The robot console (issue 36): outside the shell, full screen, behind the same login. */
export default function RobotLayout({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={<div className="h-screen bg-background" />}>
      <RobotGate>{children}</RobotGate>
    </Suspense>
  );
}
