import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { apiContentSecurityPolicy, commonSecurityHeaders } from '@/lib/http/security-headers';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // ICU messages are compiled at build time, so browsers skip the ~12 kB message parser.
    messages: { format: 'json', path: './messages', locales: ['en', 'ru'], precompile: true },
  },
});

/** Set on CI runs (.ci/run), which start from a clean clone and check the types themselves. */
const onCi = Boolean(process.env.CI);

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `npm test` type-checks with `tsc` (npm run typecheck) before it builds: on CI the build's own
  // pass over the same files would be the same work twice. Local builds still check.
  typescript: { ignoreBuildErrors: onCi },
  experimental: {
    // A clean clone never reads Turbopack's build cache again: writing it cost CI about 17 s.
    turbopackFileSystemCacheForBuild: !onCi,
  },
  reactStrictMode: true,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Pages get their Content-Security-Policy, with a nonce, from middleware.ts.
  async headers() {
    return [
      { source: '/:path*', headers: commonSecurityHeaders },
      {
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: apiContentSecurityPolicy }],
      },
      // A share link's page has its secret in its URL: no request it makes (its stylesheets and
      // scripts, a link followed) may carry it in Referer. As a header, since the page's meta tag
      // comes after the first stylesheet and script have been asked for. Later rules win.
      { source: '/shared/:path*', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
    ];
  },
};

export default withNextIntl(nextConfig);
