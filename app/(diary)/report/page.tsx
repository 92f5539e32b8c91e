import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { ReportView } from '@/components/diary/lazy-views';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.report');
  return { title: t('title') };
}

export default async function ReportPage() {
  const t = await getTranslations('pages.report');
  return (
    <AppPage title={t('title')} returnable>
      <ReportView />
    </AppPage>
  );
}
