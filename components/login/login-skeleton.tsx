/** Same frame as the login card, shown for the moment the tenant's branding is fetched. */
export function LoginSkeleton() {
  return (
    <div data-login-skeleton className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary-light-9 via-background to-primary-light-8 p-4">
      <div className="grid h-[420px] w-full max-w-5xl animate-pulse overflow-hidden rounded-2xl bg-card shadow-2xl md:grid-cols-[1.3fr_1fr]">
        <div className="hidden bg-primary-light-5 md:block" />
        <div className="space-y-5 p-8">
          <div className="h-10 w-40 rounded bg-muted" />
          <div className="h-9 rounded bg-muted" />
          <div className="h-9 rounded bg-muted" />
          <div className="h-9 rounded bg-muted" />
          <div className="h-9 rounded bg-primary-light-7" />
        </div>
      </div>
    </div>
  );
}
