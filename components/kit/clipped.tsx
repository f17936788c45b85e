import { cn } from "@/lib/utils";

/** A text cut to one line with an ellipsis and whole in its tooltip: names in tiles, cards and rows. */
export function Clipped({ text, as: Tag = "span", className }: { text: string; as?: "span" | "div" | "p"; className?: string }) {
  return (
    <Tag className={cn("truncate", className)} title={text}>
      {text}
    </Tag>
  );
}
