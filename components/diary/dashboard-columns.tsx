import type { ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

type DashboardColumnsProps = {
  /** The day: navigator, summary, weight, copy. */
  day: ReactNode;
  meals: ReactNode;
  /**
   * The day before the meals in the document as well as on screen. The skeletons use it: their
   * HTML can arrive in parts on a slow network, and the part painted first is then the top of the
   * page, so nothing moves when the rest arrives (with the meals first, a day column half received
   * let the meals paint 244 px too high: a layout shift of 0.09, issue 55).
   */
  dayFirst?: boolean;
  className?: string;
  'aria-hidden'?: boolean;
};

/**
 * The dashboard's layout: the day beside the meals once the main area has room for both, one
 * above the other until then. A container query rather than the 756 px breakpoint: the side menu
 * takes 256 px of a tablet's width when open, which left the meals too narrow for their buttons.
 */
export function DashboardColumns({
  day,
  meals,
  dayFirst = false,
  className,
  ...rest
}: DashboardColumnsProps) {
  const mealsColumn = <div className="grid gap-4 @columns:col-start-1 @columns:row-start-1">{meals}</div>;
  const dayColumn = (
    <div className="order-first grid gap-4 @columns:order-none @columns:col-start-2 @columns:row-start-1">
      {day}
    </div>
  );
  return (
    <div className="@container">
      <div
        className={cn(
          'grid gap-4 @columns:grid-cols-[minmax(0,1fr)_22rem] @columns:items-start @columns:gap-6',
          className,
        )}
        {...rest}
      >
        {/* The meals come first in the document, so the keyboard reaches the first meal's Add
            right after the skip link; one above the other, the day still shows above them. */}
        {dayFirst ? dayColumn : mealsColumn}
        {dayFirst ? mealsColumn : dayColumn}
      </div>
    </div>
  );
}
