import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { MonitoringScreen } from "@/components/monitoring/monitoring-screen";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import type { MonitorKind } from "@/lib/contract/device/product";

type Props = { params: Promise<{ kind: string }> };
const isKind = (k: string): k is MonitorKind => (MONITOR_KINDS as readonly string[]).includes(k);

/** The thirteen monitoring screens: one page, one definition per kind. */
export function generateStaticParams() {
  return MONITOR_KINDS.map((kind) => ({ kind }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { kind } = await params;
  return { title: isKind(kind) ? (await getTranslations("monitoring"))(`kinds.${kind}`) : undefined };
}

export default async function Page({ params }: Props) {
  const { kind } = await params;
  if (!isKind(kind)) notFound();
  return <MonitoringScreen kind={kind} />;
}
