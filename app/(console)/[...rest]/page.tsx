import { notFound } from "next/navigation";

/**
 * Any path no page answers (a catalogued route not built yet, a mistyped address) is a 404 inside
 * the console frame, so the header, menu and tabs stay (core §2). Real pages win over this one.
 */
export default function Page(): never {
  notFound();
}
