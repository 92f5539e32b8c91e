import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';

/**
 * /manifest.webmanifest: installable, standalone, starting on the diary, in the visitor's language.
 * Its shortcuts (a long press on the icon) open the add dialog on a meal or the weight dialog; a
 * food name shared to the installed app (share_target) opens the add dialog searching for it.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations('app');
  const shortcut = (name: string, url: string) => ({
    name,
    url,
    icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
  });
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
    shortcuts: [
      shortcut(t('shortcuts.breakfast'), '/dashboard?add=breakfast'),
      shortcut(t('shortcuts.lunch'), '/dashboard?add=lunch'),
      shortcut(t('shortcuts.dinner'), '/dashboard?add=dinner'),
      shortcut(t('shortcuts.weight'), '/dashboard?weight=1'),
    ],
    share_target: { action: '/dashboard', method: 'GET', params: { title: 'title', text: 'q' } },
  };
}
