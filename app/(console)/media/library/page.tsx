import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MediaLibraryView } from "@/components/media/library/media-library-resource";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell"))("routes.mediaLibrary") };
}

export default function Page() {
  return <MediaLibraryView />;
}
