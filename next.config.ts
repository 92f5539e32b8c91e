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

const nextConfig: NextConfig = {
  poweredByHeader: false,
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
    ];
  },
};

export default withNextIntl(nextConfig);
