import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import type { IconKey } from '@/lib/icons/names';
import { cn } from '@/lib/ui/cn';

/**
 * A figure of the day (its water, its activity): an icon, a label, the figure, the card's buttons,
 * and a line under them that always keeps its room. The card is always 90 px tall, as the
 * dashboard's skeleton says, so nothing moves when it fills in.
 */
export function DayFigureCard({
  name,
  icon,
  iconClassName,
  label,
  figure,
  actions,
  footer,
  children,
}: {
  /** Names the card's test ids and its label's id: `{name}-card`, `day-{name}`, `{name}-title`. */
  name: string;
  icon: IconKey;
  iconClassName: string;
  label: string;
  figure: ReactNode;
  actions: ReactNode;
  /** The line under the figure, 16 px tall whatever it holds (nothing, a bar, a summary). */
  footer: ReactNode;
  /** What the card opens (a dialog). */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${name}-title`}
      className="border-border bg-surface grid gap-2 rounded-2xl border px-4 py-3"
      data-testid={`${name}-card`}
    >
      <div className="flex items-center gap-3">
        <span className={cn('grid size-10 place-items-center rounded-xl text-xl', iconClassName)}>
          <Icon name={icon} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-fg-muted text-xs" id={`${name}-title`}>
            {label}
          </p>
          <p className="truncate font-semibold tabular-nums" data-testid={`day-${name}`} aria-live="polite">
            {figure}
          </p>
        </div>
        {actions}
      </div>
      <div className="flex h-4 items-center gap-3">{footer}</div>
      {children}
    </section>
  );
}

/**
 * A figure against its goal, for a card's footer: the bar, filled up to the goal, and the goal's
 * words (`goalText`); `valueText` says both for a screen reader.
 */
export function GoalBar({
  name,
  label,
  value,
  goal,
  valueText,
  goalText,
  fillClassName,
}: {
  /** Names the goal's test id, `{name}-goal`. */
  name: string;
  label: string;
  value: number;
  goal: number;
  valueText: string;
  goalText: string;
  fillClassName: string;
}) {
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(value, goal)}
        aria-valuetext={valueText}
        className="bg-muted h-1.5 flex-1 overflow-hidden rounded-full"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', fillClassName)}
          style={{ width: `${Math.round(Math.min(value / goal, 1) * 100)}%` }}
        />
      </div>
      <span className="text-fg-muted shrink-0 text-xs tabular-nums" data-testid={`${name}-goal`}>
        {goalText}
      </span>
    </>
  );
}
