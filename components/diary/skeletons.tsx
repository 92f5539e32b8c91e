import { meals } from '@/lib/diary/meals';
import { DashboardColumns } from './dashboard-columns';

/** The dashboard's shape while its data loads. */
export function DashboardSkeleton() {
  return (
    <DashboardColumns
      className="animate-pulse"
      aria-hidden
      day={
        <>
          <div className="bg-muted h-16 rounded-2xl" />
          <div className="bg-muted h-56 rounded-3xl" />
        </>
      }
      meals={meals.map((meal) => (
        <div key={meal} className="bg-muted h-20 rounded-3xl" />
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
