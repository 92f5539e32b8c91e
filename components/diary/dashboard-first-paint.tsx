import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { accountFirstPaint } from '@/lib/server/account-first-paint';
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

/**
 * An account's dashboard as the server sends it: the skeleton with the day's summary card drawn
 * from the server's copy of the day, so the page's largest content is in its first paint (issue
 * 55); the plain skeleton where the server cannot tell what the view will show.
 */
export async function AccountDashboardFirstPaint({ date }: { date: string | null }) {
  // Only a head start: when the server's copy cannot be read, the view loads and says why.
  const paint = await accountFirstPaint(date).catch(() => null);
  if (!paint) return <DashboardSkeleton />;
  return (
    <DashboardSkeleton summary={<DaySummaryCard figures={paint.figures} energyUnit={paint.energyUnit} />} />
  );
}
