import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { guestFirstPaintScript, numberSymbols } from '@/lib/diary/first-paint';
import { DaySummaryCard, RING_CIRCUMFERENCE } from './day-summary-card';
import { DashboardSkeleton } from './skeletons';

type DashboardFirstPaintProps = { date: string | null; locale: string; nonce: string | undefined };

/**
 * A guest's dashboard as the server sends it: the skeleton with the real summary card, which the
 * inline script right after it fills in from the browser's storage (lib/diary/first-paint.ts).
 */
export function DashboardFirstPaint({ date, locale, nonce }: DashboardFirstPaintProps) {
  const script = guestFirstPaintScript({
    symbols: numberSymbols(locale),
    date,
    defaultGoal: DEFAULT_GOAL_KCAL,
    circumference: RING_CIRCUMFERENCE,
  });
  return (
    <DashboardSkeleton
      summary={
        <>
          <DaySummaryCard figures={null} />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
        </>
      }
    />
  );
}
