"use client";

import * as React from "react";
import { Input } from "@/components/ui/input";
import { normalizeNumber, type NumberBounds } from "./number-rules";

type Props = Omit<React.ComponentProps<"input">, "value" | "onChange" | "min" | "max"> &
  NumberBounds & { value: number | string | null | undefined; onChange: (value: number | "") => void };

/** Free typing; on blur or Enter the value is parsed, rounded and clamped (widgets §5). */
export function NumberInput({ value, onChange, min, max, floatNum, onBlur, onKeyDown, ...props }: Props) {
  const [text, setText] = React.useState(value === null || value === undefined ? "" : String(value));
  React.useEffect(() => {
    setText(value === null || value === undefined ? "" : String(value));
  }, [value]);
  const commit = () => {
    const n = normalizeNumber(text, { min, max, floatNum });
    setText(n === "" ? "" : String(n));
    onChange(n);
  };
  return (
    <Input
      inputMode="decimal"
      {...props}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        // Enter submits the form before any blur: the typed number must be in it.
        if (e.key === "Enter") commit();
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        commit();
        onBlur?.(e);
      }}
    />
  );
}
