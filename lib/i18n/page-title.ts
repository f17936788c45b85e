import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/** A page's `generateMetadata`: its title, message `key` of namespace `ns`, in the visitor's language. */
export const pageTitle =
  (ns: string, key: string) =>
  async (): Promise<Metadata> => ({ title: (await getTranslations(ns))(key) });
