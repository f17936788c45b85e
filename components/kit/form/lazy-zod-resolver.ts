import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import { realSchema, zodReady } from "@/lib/zod-ready";

/**
 * `zodResolver(schema)` whose schema, zod and the resolver load at the form's first validation,
 * not with the page: for forms in a first load (login, security settings).
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<ZodType>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return (values, context, options) => {
    ready ??= Promise.all([load(), import("@hookform/resolvers/zod"), zodReady()]).then(([schema, m]) => m.zodResolver(realSchema(schema) as never) as unknown as Resolver<T>);
    return ready.then((resolve) => resolve(values, context, options));
  };
}
