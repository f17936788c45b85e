import type { AnyCall, CallInput } from "@/lib/contract/call";
import type { RequestOptions } from "./fetcher";

type Params = NonNullable<RequestOptions["params"]>;

/**
 * The SWR key of a GET call with this input, or null (no request) while the input is not known yet. Not a client
 * module: the server names the same key when it hands a page's first answer to the browser (`RowFallback`).
 */
export const callKey = <C extends AnyCall>(c: C, input: CallInput<C> | null | undefined) => (input === null || input === undefined ? null : ([c.path, input as Params] as const));
