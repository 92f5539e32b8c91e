import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { EmptyState } from '@/components/layout/empty-state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.food');
  return { title: t('title') };
}

export default async function FoodPage() {
  const t = await getTranslations('pages.food');
  return (
    <AppPage title={t('title')} returnable>
      <EmptyState icon="food" title={t('emptyTitle')} body={t('emptyBody')} note={t('soon')} />
    </AppPage>
  );
}
