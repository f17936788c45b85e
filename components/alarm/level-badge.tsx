/** A level's name on its colour's tint, as the alarm lists show it. */
export function LevelBadge({ name, color }: { name: string | null | undefined; color: string | null | undefined }) {
  if (!name) return <span className="text-muted-foreground">-</span>;
  const c = color ?? "#888888";
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-medium" style={{ borderColor: `${c}66`, backgroundColor: `${c}1a`, color: c }}>
      <span className="size-2 rounded-full" style={{ backgroundColor: c }} aria-hidden />
      {name}
    </span>
  );
}
