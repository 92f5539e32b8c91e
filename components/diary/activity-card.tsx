'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useSettings } from '@/lib/data';
import { burnedKcal } from '@/lib/diary/activity-kinds';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { DayFigureCard } from './day-figure-card';
import type { Day } from '@/lib/schemas/day';

// Loaded on the first tap (offline before the service worker has it, a toast says so).
const loadActivityDialog = () => import('./activity-dialog');
const ActivityDialog = dynamic(() => loadActivityDialog().then((module) => module.ActivityDialog), {
  ssr: false,
});

/**
 * The day's activity: the kcal burned and what of them the budget takes (the settings' share),
 * with a button to log one; in calm mode, its minutes and how many. The card's summary opens the
 * day's list, where each can be deleted.
 */
export function ActivityCard({
  date,
  day,
  credit,
  walked,
}: {
  date: string;
  day: Day | null;
  /** The kcal the budget takes of the day's activities and steps (dayFigures). */
  credit: number;
  /** What the day's steps add, where the settings ask for it (dayFigures). */
  walked: number;
}) {
  const t = useTranslations('diary.activities');
  const { energy } = useUnitFormat();
  const settings = useSettings();
  const [open, setOpen] = useState<'list' | 'add' | null>(null);
  const dialogLoaded = useOnDemand(open !== null, loadActivityDialog, () => setOpen(null));
  const activities = day?.activities ?? [];
  const burned = burnedKcal(activities);
  const calm = useCalm();
  const minutes = activities.reduce((sum, activity) => sum + (activity.minutes ?? 0), 0);
  // What the budget takes, and of what: the activities, and the steps where the settings count them.
  const summary =
    walked > 0
      ? t('summaryWalked', { count: activities.length, walked: energy(walked), credit: energy(credit) })
      : t('summary', { count: activities.length, credit: energy(credit) });

  return (
    <DayFigureCard
      name="activity"
      icon="activity"
      iconClassName="bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300"
      label={t('title')}
      figure={
        !calm
          ? energy(burned + walked)
          : minutes > 0 || activities.length === 0
            ? t('minutesTotal', { minutes })
            : t('count', { count: activities.length })
      }
      actions={
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen('add')}>
          <Icon name="plus" />
          {t('add')}
        </Button>
      }
      footer={
        activities.length > 0 ? (
          <button
            type="button"
            onClick={() => setOpen('list')}
            className="text-fg-muted hover:text-fg cursor-pointer truncate text-xs underline decoration-dotted underline-offset-4"
            data-testid="activity-summary"
          >
            {calm ? t('count', { count: activities.length }) : summary}
          </button>
        ) : (
          <span className="text-fg-muted truncate text-xs" data-testid="activity-summary">
            {walked > 0 && !calm
              ? summary
              : settings.data?.activityShare === 0 && !calm
                ? t('notInBudget')
                : t('none')}
          </span>
        )
      }
    >
      {open && dialogLoaded ? (
        <ActivityDialog date={date} day={day} adding={open === 'add'} onClose={() => setOpen(null)} />
      ) : null}
    </DayFigureCard>
  );
}
