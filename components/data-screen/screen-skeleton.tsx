/** Shown while the session and project are checked: the screen's dark backdrop, never a white flash. */
export function ScreenSkeleton() {
  return <div className="fixed inset-0 bg-[#030a17]" aria-busy="true" data-testid="screen-skeleton" />;
}
