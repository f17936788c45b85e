import { NotFoundView } from "@/components/app/not-found-view";

/** Outside the console (no session yet, or no route matched at all): the bare 404 page. */
export default function NotFound() {
  return (
    <main>
      <NotFoundView />
    </main>
  );
}
