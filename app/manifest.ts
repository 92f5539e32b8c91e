import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';

/** /manifest.webmanifest: installable, standalone, starting on the diary, in the visitor's language. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations('app');
  return {
    id: '/',
    name: t('name'),
    short_name: t('shortName'),
    description: t('description'),
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f8fafc',
    theme_color: '#22c55e',
    categories: ['health', 'food', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
