import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/errors/error-view';
import { NotFoundMessage } from '@/components/errors/not-found-message';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  return { title: t('notFound'), robots: { index: false } };
}

/** 404: the seed's "Page Not Found", answered with HTTP 404 by Next. */
export default async function NotFound() {
  const t = await getTranslations('errors');
  return <ErrorView code={404} title={t('notFound')} body={<NotFoundMessage />} homeLabel={t('goHome')} />;
}
