import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const dev = process.env.NODE_ENV !== "production";

/** Scripts and styles from our own origin only; maps and video hosts are added by their issues. */
const csp = [
  "default-src 'self'",
  // Next's inline bootstrap needs 'unsafe-inline'; dev's fast refresh needs eval.
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? " ws: wss:" : ""}`,
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join("; ");

const config: NextConfig = {
  // Parallel work trees (several engineers building at once) each get their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `NEXT_SOURCE_MAPS=1`: browser source maps, to name the modules in a route's first-load chunks (bench/README.md#first-load).
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === "1",
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // The built-in cloud runs in server.ts; Next must not try to bundle the database drivers.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // In the browser zod loads after the first paint; contracts record their schemas until then (lib/lazy-zod.ts), and
  // croner, which only their schedule checks use, comes with it (lib/lazy-croner.ts).
  turbopack: { resolveAlias: { zod: { browser: "./lib/lazy-zod.ts" }, croner: { browser: "./lib/lazy-croner.ts" } } },
  // Browsers ask for /favicon.ico on their own (issue 40: a 404 and a console error on every first page).
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/favicon.svg" }];
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Content-Security-Policy", value: csp },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
          { key: "Permissions-Policy", value: "camera=(), geolocation=(self), microphone=(self)" },
        ],
      },
    ];
  },
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(config);
