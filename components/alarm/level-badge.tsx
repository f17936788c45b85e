/** A level's name on its colour's tint, as the alarm lists show it; with `num`, the level's number beside the name. */
export function LevelBadge({ num, name, color }: { num?: number | null; name: string | null | undefined; color: string | null | undefined }) {
  if (!name && (num === null || num === undefined)) return <span className="text-muted-foreground">-</span>;
  const c = color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#888888";
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      style={{ borderColor: `${c}66`, backgroundColor: `${c}1a`, color: c }}
      data-testid="level-badge"
      data-level={num ?? undefined}
    >
      <span className="size-2 rounded-full" style={{ backgroundColor: c }} aria-hidden />
      {name && num !== null && num !== undefined ? `${name} · ${num}` : (name ?? num)}
    </span>
  );
}
