import { PageStatus } from "@/components/kit/page-status";

/**
 * Any path no page answers (core §2: a page saying the visited page does not exist). Next renders
 * this route with HTTP 404 set before anything streams, which a page inside the console frame cannot
 * do (the shell streams first). It sits in every route's tree as the root boundary, so it stays
 * bare: drawing the shell here would put the shell's code into every page's first load, login included.
 */
export default function NotFound() {
  return (
    <main>
      <PageStatus />
    </main>
  );
}
