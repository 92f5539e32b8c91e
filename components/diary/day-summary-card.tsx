import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { macroKeys, type MacroKey, type SummaryFigures } from '@/lib/diary/day-summary';
import type { EnergyUnit } from '@/lib/units/units';

export const RING_RADIUS = 52;
export const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

/**
 * What an unfilled figure shows. A text node, not nothing: React accepts a changed text under
 * suppressHydrationWarning, but not a text node where the server sent none.
 */
const PENDING = '–';

/**
 * Goal, eaten and remaining around a progress ring (error-red past the goal), and the macros.
 *
 * A server component and a client one at once: the dashboard view renders it with the day's
 * figures, and the server renders it with `figures={null}` as the page's first paint, where
 * `data-first-paint` marks what the inline script of lib/diary/first-paint.ts fills in (the
 * `#` of a `data-template` is the number). The over state is the card's `data-over`, so the
 * script only sets one attribute for the colours and labels to follow.
 */
export function DaySummaryCard({
  figures,
  onEditGoal,
  energyUnit = 'kcal',
}: {
  figures: SummaryFigures | null;
  /** In the view: the goal's label becomes a button that changes this day's goal. */
  onEditGoal?: () => void;
  /** The unit `figures` give energy in (the first paint's are kcal). */
  energyUnit?: EnergyUnit;
}) {
  const t = useTranslations('diary');
  const tUnits = useTranslations('units');
  const empty = figures === null;
  // The script writes into these on the first paint; React must not mind the new text then.
  const fill = (name: string, template?: string) =>
    empty ? { 'data-first-paint': name, 'data-template': template, suppressHydrationWarning: true } : {};
  const kcal = tUnits(energyUnit, { value: '#' });
  const grams = t('grams', { value: '#' });
  const macroTarget = t('macroTarget', { value: '#' });
  const progress = figures?.progress ?? 0;

  return (
    <section
      aria-label={t('summary')}
      data-over={figures?.over ? 'true' : 'false'}
      {...(empty && { 'data-first-paint': 'card', suppressHydrationWarning: true })}
      className={cn(
        'group/summary border-border bg-surface @container rounded-3xl border p-5 shadow-sm',
        // Until the script has filled it in, the card is a skeleton block with nothing painted
        // inside: a figure first painted as a dash would make the browser take the view's
        // figure, painted later, for the page's largest content.
        empty &&
          'not-data-[painted=true]:bg-muted not-data-[painted=true]:animate-pulse not-data-[painted=true]:*:invisible',
      )}
    >
      {/* Side by side where the figures fit beside the ring (most phones), stacked where not (a 360 px phone). */}
      <div className="flex flex-col items-center gap-4 @min-[18.5rem]:flex-row @min-[18.5rem]:gap-5">
        <div className="relative size-32 shrink-0">
          <svg
            viewBox="0 0 128 128"
            className="size-32 -rotate-90"
            {...(figures
              ? {
                  role: 'img',
                  'aria-label': t('ringLabel', {
                    eaten: tUnits(energyUnit, { value: figures.eaten }),
                    goal: tUnits(energyUnit, { value: figures.goal }),
                  }),
                  'data-testid': 'progress-ring',
                  'data-over': figures.over ? 'true' : 'false',
                }
              : { 'aria-hidden': true })}
          >
            <circle cx="64" cy="64" r={RING_RADIUS} className="stroke-muted" strokeWidth="12" fill="none" />
            {/* A round cap would draw a dot at 0 kcal, so an empty day has no arc at all. */}
            <circle
              cx="64"
              cy="64"
              r={RING_RADIUS}
              opacity={progress > 0 ? 1 : 0}
              className="stroke-primary group-data-[over=true]/summary:stroke-error transition-[stroke-dasharray] duration-500"
              strokeWidth="12"
              fill="none"
              strokeLinecap="round"
              strokeDasharray={`${RING_CIRCUMFERENCE * progress} ${RING_CIRCUMFERENCE}`}
              {...fill('arc')}
            />
          </svg>
          <div className="absolute inset-0 grid place-items-center text-center">
            <div>
              <p
                className="group-data-[over=true]/summary:text-error-strong min-h-8 text-2xl font-bold tabular-nums"
                data-testid={empty ? undefined : 'remaining-kcal'}
                {...fill('remaining')}
              >
                {figures ? figures.remaining : PENDING}
              </p>
              <RemainingLabel className="text-fg-muted text-xs" />
            </div>
          </div>
        </div>
        <dl className="grid w-full gap-2 text-sm @min-[18.5rem]:w-auto @min-[18.5rem]:flex-1">
          {(['goal', 'eaten', 'activity'] as const).map((name) => (
            <FigureRow
              key={name}
              label={
                <dt className="text-fg-muted">
                  {name === 'goal' && onEditGoal ? (
                    <button
                      type="button"
                      onClick={onEditGoal}
                      aria-label={t('changeDayGoal')}
                      className="hover:text-fg inline-flex cursor-pointer items-center gap-1 underline decoration-dotted underline-offset-4"
                    >
                      {t(name)}
                      <Icon name="pencil" className="text-xs" />
                    </button>
                  ) : (
                    t(name)
                  )}
                </dt>
              }
              testId={empty ? undefined : `${name}-kcal`}
              paint={fill(name, kcal)}
            >
              {figures ? tUnits(energyUnit, { value: figures[name] }) : PENDING}
            </FigureRow>
          ))}
          <FigureRow
            label={<RemainingLabel as="dt" className="text-fg-muted" />}
            className="group-data-[over=true]/summary:text-error-strong"
            paint={fill('remaining', kcal)}
          >
            {figures ? tUnits(energyUnit, { value: figures.remaining }) : PENDING}
          </FigureRow>
        </dl>
      </div>
      <ul className="mt-5 grid grid-cols-3 gap-3">
        {macroKeys.map((key) => (
          // A column whose figures take two lines keeps its bar level with the others'.
          <li key={key} className="flex flex-col">
            <p className="text-fg-muted text-xs" id={`macro-${key}-label`}>
              {t(key)}
            </p>
            <p className="mb-1 min-h-5 text-sm tabular-nums">
              <span
                className="font-semibold"
                data-testid={empty ? undefined : `total-${key}`}
                {...fill(key, grams)}
              >
                {figures ? t('grams', { value: figures.macros[key].grams }) : PENDING}
              </span>{' '}
              <span
                className="text-fg-muted text-xs whitespace-nowrap"
                data-testid={empty ? undefined : `target-${key}`}
                {...fill(`target-${key}`, macroTarget)}
              >
                {figures ? t('macroTarget', { value: figures.macros[key].target }) : PENDING}
              </span>
            </p>
            <div
              className="bg-muted mt-auto h-1.5 rounded-full"
              {...(figures
                ? {
                    role: 'meter',
                    'aria-labelledby': `macro-${key}-label`,
                    'aria-valuemin': 0,
                    'aria-valuemax': 100,
                    'aria-valuenow': figures.macros[key].percent,
                    'aria-valuetext': t('macroMeter', {
                      grams: figures.macros[key].grams,
                      target: figures.macros[key].target,
                    }),
                  }
                : { 'aria-hidden': true })}
            >
              <div
                className={`${macroColors[key]} h-1.5 rounded-full`}
                style={{ width: `${figures?.macros[key].percent ?? 0}%` }}
                {...fill(`bar-${key}`)}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const macroColors: Record<MacroKey, string> = {
  protein: 'bg-secondary',
  fat: 'bg-amber-400',
  carbs: 'bg-primary',
};

/** A figure of the card's list: its label, and its value in a <dd> (`paint`: its first-paint marks). */
function FigureRow({
  label,
  testId,
  className,
  paint,
  children,
}: {
  label: ReactNode;
  testId?: string;
  className?: string;
  paint: object;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-between gap-2">
      {label}
      <dd
        className={cn('font-semibold whitespace-nowrap tabular-nums', className)}
        data-testid={testId}
        {...paint}
      >
        {children}
      </dd>
    </div>
  );
}

/** "Remaining", or "Over" once past the goal: both are in the markup and the card's data-over picks one. */
function RemainingLabel({ as: Tag = 'p', className }: { as?: 'p' | 'dt'; className: string }) {
  const t = useTranslations('diary');
  return (
    <Tag className={className}>
      <span className="group-data-[over=true]/summary:hidden">{t('remaining')}</span>
      <span className="hidden group-data-[over=true]/summary:inline">{t('over')}</span>
    </Tag>
  );
}
