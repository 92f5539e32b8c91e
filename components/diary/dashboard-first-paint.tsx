import { DEFAULT_GOAL_KCAL } from '@/lib/defaults';
import { firstPaintScript, numberSymbols } from '@/lib/diary/first-paint';
import { DAY_KEY_PREFIX, SETTINGS_KEY } from '@/lib/repositories/guest/storage-keys';
import { DaySummaryCard, RING_CIRCUMFERENCE, type DiaryTranslator } from './day-summary-card';
import { DashboardSkeleton } from './skeletons';

type DashboardFirstPaintProps = {
  date: string | null;
  locale: string;
  nonce: string | undefined;
  t: DiaryTranslator;
};

/**
 * A guest's dashboard as the server sends it: the skeleton with the real summary card, which the
 * inline script right after it fills in from the browser's storage (lib/diary/first-paint.ts).
 * Synchronous, with everything it needs passed in: a server component that waits (an async one,
 * or a next-intl hook) inside the view's Suspense boundary made the server stream the first
 * paint twice, as the boundary's fallback and then as its content.
 */
export function DashboardFirstPaint({ date, locale, nonce, t }: DashboardFirstPaintProps) {
  const script = firstPaintScript({
    symbols: numberSymbols(locale),
    date,
    keys: { day: DAY_KEY_PREFIX, settings: SETTINGS_KEY },
    defaultGoal: DEFAULT_GOAL_KCAL,
    circumference: RING_CIRCUMFERENCE,
  });
  return (
    <DashboardSkeleton
      summary={
        <>
          <DaySummaryCard figures={null} t={t} />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
        </>
      }
    />
  );
}
