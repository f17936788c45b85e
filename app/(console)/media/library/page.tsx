import { MediaLibraryView } from "@/components/media/library/media-library-resource";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("shell", "routes.mediaLibrary");

export default function Page() {
  return <MediaLibraryView />;
}
