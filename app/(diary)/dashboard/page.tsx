import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { EmptyState } from '@/components/layout/empty-state';
import { Icon } from '@/components/ui/icon';
import { DEFAULT_GOAL_KCAL } from '@/lib/defaults';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.dashboard');
  return { title: t('title') };
}

const meals = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;

export default async function DashboardPage() {
  const t = await getTranslations('pages.dashboard');
  const format = await getFormatter();

  return (
    <AppPage title={t('title')}>
      <div className="grid gap-6">
        <section className="border-border bg-surface flex items-center justify-between gap-4 rounded-3xl border p-5 shadow-sm">
          <div>
            <p className="text-fg-muted text-sm font-medium">{t('today')}</p>
            <p className="text-lg font-semibold" suppressHydrationWarning>
              {format.dateTime(new Date(), { weekday: 'long', day: 'numeric', month: 'long' })}
            </p>
          </div>
          <div className="text-right">
            <p className="text-fg-muted text-sm font-medium">{t('goal')}</p>
            <p className="text-lg font-semibold tabular-nums">
              {t('kcal', { value: format.number(DEFAULT_GOAL_KCAL) })}
            </p>
          </div>
        </section>
        <EmptyState icon="dashboard" title={t('emptyTitle')} body={t('emptyBody')} note={t('soon')} />
        <ul className="grid gap-3 sm:grid-cols-2">
          {meals.map((meal) => (
            <li
              key={meal}
              className="border-border bg-surface flex items-center justify-between rounded-2xl border px-4 py-3"
            >
              <span className="font-medium">{t(`meals.${meal}`)}</span>
              <span className="text-fg-muted flex items-center gap-1.5 text-sm">
                <Icon name="clock" />
                {t('entries', { count: 0 })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </AppPage>
  );
}
