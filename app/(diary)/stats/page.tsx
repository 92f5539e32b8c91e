import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { StatsView } from '@/components/diary/lazy-views';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.stats');
  return { title: t('title') };
}

export default async function StatsPage() {
  const t = await getTranslations('pages.stats');
  return (
    <AppPage title={t('title')} returnable>
      <StatsView />
    </AppPage>
  );
}
