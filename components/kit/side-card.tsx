"use client";

import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** The narrow list beside a chart screen's charts: its title, a link to where its items are managed, the items. */
export function SideCard({ title, href, linkLabel, testId, className, children }: { title: string; href: string; linkLabel: string; testId: string; className?: string; children: React.ReactNode }) {
  return (
    <Card className="h-fit" data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <Link href={href} className="text-xs text-primary hover:underline">
          {linkLabel}
        </Link>
      </CardHeader>
      <CardContent className={cn("p-3 pt-0", className)}>{children}</CardContent>
    </Card>
  );
}
