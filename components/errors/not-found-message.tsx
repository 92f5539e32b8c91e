'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

/** "There is no page at {path}": names the missing path, as the seed's "Page not found: {path}" does. */
export function NotFoundMessage() {
  const t = useTranslations('errors');
  const pathname = usePathname();
  return <>{t('notFoundBody', { path: pathname })}</>;
}
