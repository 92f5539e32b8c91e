import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FoodLibraryView } from '@/components/diary/lazy-views';
import { AppPage } from '@/components/layout/app-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.food');
  return { title: t('title') };
}

export default async function FoodPage() {
  const t = await getTranslations('pages.food');
  return (
    <AppPage title={t('title')} returnable>
      <FoodLibraryView />
    </AppPage>
  );
}
