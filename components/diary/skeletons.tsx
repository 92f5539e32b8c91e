import type { ReactNode } from 'react';
import { baseMeals } from '@/lib/diary/meals';
import { DashboardColumns } from './dashboard-columns';

const block = 'bg-muted animate-pulse';

/**
 * The dashboard's shape while its data loads, block for block the height of the view's cards
 * (day, summary, water, activity, steps, fasting, weight, measurements, copy, note, meals), so nothing moves when the view takes its place. The
 * server's first paint passes the real summary card, which an inline script fills in.
 */
export function DashboardSkeleton({ summary }: { summary?: ReactNode }) {
  return (
    <DashboardColumns
      aria-hidden
      dayFirst
      day={
        <>
          <div className={`${block} h-[4.125rem] rounded-2xl`} />
          {summary ?? <div className={`${block} h-[14.75rem] rounded-3xl`} />}
          <div className={`${block} h-[5.625rem] rounded-2xl`} />
          <div className={`${block} h-[5.625rem] rounded-2xl`} />
          <div className={`${block} h-[5.625rem] rounded-2xl`} />
          <div className={`${block} h-[5.625rem] rounded-2xl`} />
          <div className={`${block} h-[4.125rem] rounded-2xl`} />
          <div className={`${block} h-[4.125rem] rounded-2xl`} />
          <div className={`${block} h-10 rounded-xl`} />
          <div className={`${block} h-[4.125rem] rounded-2xl`} />
        </>
      }
      meals={baseMeals.map((meal) => (
        <div key={meal} className={`${block} h-[4.875rem] rounded-3xl`} />
      ))}
    />
  );
}

/** A page's content block while it loads. */
export function BlockSkeleton() {
  return (
    <div className="grid animate-pulse gap-5" aria-hidden="true">
      <div className="bg-muted h-11 rounded-xl" />
      <div className="bg-muted h-64 rounded-3xl" />
    </div>
  );
}
