/** An alarm level in its colour (levelSet): a tinted chip with the level's name, or its number. */
export function LevelBadge({ num, name, color }: { num: number | null | undefined; name: string | null | undefined; color: string | null | undefined }) {
  if (num === null || num === undefined) return <span className="text-muted-foreground">-</span>;
  const c = color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#64748b";
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      style={{ borderColor: `${c}66`, backgroundColor: `${c}1f`, color: c }}
      data-testid="level-badge"
      data-level={num}
    >
      <span className="size-2 rounded-full" style={{ backgroundColor: c }} aria-hidden />
      {name ? `${name} · ${num}` : num}
    </span>
  );
}
