import * as React from "react";
import { Input } from "./input";

/** Native date/time inputs, styled like every other input (no calendar library). */
export function DateInput({ kind = "date", ...props }: Omit<React.ComponentProps<"input">, "type"> & { kind?: "date" | "datetime-local" | "time" | "month" }) {
  return <Input type={kind} {...props} />;
}
