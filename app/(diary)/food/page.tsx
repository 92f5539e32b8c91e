import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FoodLibrary } from '@/components/food/food-library';
import { AppPage } from '@/components/layout/app-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.food');
  return { title: t('title') };
}

export default async function FoodPage() {
  const t = await getTranslations('pages.food');
  return (
    <AppPage title={t('title')} returnable>
      <FoodLibrary />
    </AppPage>
  );
}
