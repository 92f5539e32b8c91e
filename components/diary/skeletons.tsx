import { meals } from '@/lib/diary/meals';

/** The dashboard's shape while its data loads. */
export function DashboardSkeleton() {
  return (
    <div
      className="grid animate-pulse gap-4 desk:grid-cols-[minmax(0,1fr)_20rem] desk:gap-6"
      aria-hidden="true"
    >
      <div className="grid gap-4 desk:col-start-2 desk:row-start-1">
        <div className="bg-muted h-16 rounded-2xl" />
        <div className="bg-muted h-56 rounded-3xl" />
      </div>
      <div className="grid gap-4 desk:col-start-1 desk:row-start-1">
        {meals.map((meal) => (
          <div key={meal} className="bg-muted h-20 rounded-3xl" />
        ))}
      </div>
    </div>
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
