import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * `zodResolver(schema)` whose schema (and with it zod) loads at the form's first validation, not
 * with the page: for forms in a first load (login), where zod is the heaviest part.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<ZodType>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return (values, context, options) => {
    ready ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(([schema, m]) => m.zodResolver(schema as never) as unknown as Resolver<T>);
    return ready.then((resolve) => resolve(values, context, options));
  };
}
