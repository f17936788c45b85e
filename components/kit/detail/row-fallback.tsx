import { getLocale } from "next-intl/server";
import { SWRConfig, unstable_serialize } from "swr";
import { callKey } from "@/lib/api/call-key";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { Code } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import { requireSession } from "@/lib/server/require-session";
import { upstreamCall } from "@/lib/server/upstream";

type Props = {
  /** The detail's row call (its `info`), made with `{ [keyId]: <?keyId= of the URL> }` as the page makes it. */
  info: AnyCall;
  keyId?: string;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
  children: React.ReactNode;
};

/**
 * A detail page's row read with the page on the server and handed to SWR under the key the page's own read uses: the
 * cards are in the first HTML instead of waiting for the browser to hydrate and then call. A refusal (gone, no
 * access, cloud down) hands nothing over, and the page reads and reports it as before.
 */
export async function RowFallback({ info, keyId = "id", searchParams, children }: Props) {
  const id = (await searchParams)[keyId];
  if (typeof id !== "string" || !/^\d+$/.test(id)) return children;
  const input = { [keyId]: id } as CallInput<AnyCall>;
  const session = await requireSession();
  const answer = await upstreamCall(info, input, { token: session.token, projId: session.projId, locale: normalizeLocale(await getLocale()) });
  if (answer.code !== Code.OK) return children;
  return <SWRConfig value={{ fallback: { [unstable_serialize(callKey(info, input))]: answer.data } }}>{children}</SWRConfig>;
}
