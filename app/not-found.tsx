import { NotFoundView } from "@/components/app/not-found-view";

/** A 404 outside the console frame (the console has its own, inside the shell): the bare page. */
export default function NotFound() {
  return (
    <main>
      <NotFoundView />
    </main>
  );
}
