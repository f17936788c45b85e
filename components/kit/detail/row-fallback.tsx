import { Suspense } from "react";
import { getLocale } from "next-intl/server";
import { SWRConfig, unstable_serialize } from "swr";
import { PageSkeleton } from "@/components/shell/page-skeleton";
import { callKey } from "@/lib/api/call-key";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { Code } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import { requireSession } from "@/lib/server/require-session";
import { upstreamCall } from "@/lib/server/upstream";

/** A page's `searchParams` as Next hands them to it. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

type Props = {
  /** The detail's row call (its `info`), made with `{ id: <?id= of the URL> }` as `DetailPage` makes it. */
  info: AnyCall;
  searchParams: PageSearchParams;
  children: React.ReactNode;
};

/**
 * A detail page's row read with the page on the server and handed to SWR under the key the page's own read uses: the
 * cards are in the first HTML instead of waiting for the browser to hydrate and then call. A refusal (gone, no
 * access, no project chosen, cloud down) hands nothing over, and the page reads and reports it as before.
 */
export function RowFallback(props: Props) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <RowRead {...props} />
    </Suspense>
  );
}

async function RowRead({ info, searchParams, children }: Props) {
  const { id } = await searchParams;
  if (typeof id !== "string" || !/^\d+$/.test(id)) return children;
  const input = { id } as CallInput<AnyCall>;
  const session = await requireSession();
  const answer = await upstreamCall(info, input, { token: session.token, projId: session.projId, locale: normalizeLocale(await getLocale()) });
  if (answer.code !== Code.OK) return children;
  return <SWRConfig value={{ fallback: { [unstable_serialize(callKey(info, input))]: answer.data } }}>{children}</SWRConfig>;
}
