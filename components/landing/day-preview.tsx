import { getFormatter, getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/icon';

// An illustrative day (not the visitor's data): what the diary looks like once it is in use.
const goal = 2000;
const eaten = 1340;
const macros = [
  { key: 'protein', grams: 78, goal: 120, color: 'bg-secondary' },
  { key: 'fat', grams: 46, goal: 70, color: 'bg-amber-400' },
  { key: 'carbs', grams: 152, goal: 240, color: 'bg-primary' },
] as const;

/** A static picture of a diary day for the landing page, drawn with the app's own styles. */
export async function DayPreview() {
  const t = await getTranslations('landing.preview');
  const format = await getFormatter();
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const progress = eaten / goal;

  return (
    <figure
      aria-label={t('label')}
      className="border-border bg-surface relative rounded-[2rem] border p-5 shadow-xl shadow-green-900/5 desk:p-6"
    >
      <div className="flex items-center justify-between">
        <p className="font-semibold">{t('today')}</p>
        <span className="text-fg-muted flex gap-1 text-lg">
          <Icon name="chevronLeft" />
          <Icon name="calendar" />
          <Icon name="chevronRight" />
        </span>
      </div>
      <div className="mt-4 flex items-center gap-5">
        <svg viewBox="0 0 128 128" className="size-32 shrink-0 -rotate-90" aria-hidden="true">
          <circle cx="64" cy="64" r={radius} className="stroke-muted" strokeWidth="12" fill="none" />
          <circle
            cx="64"
            cy="64"
            r={radius}
            className="stroke-primary"
            strokeWidth="12"
            fill="none"
            strokeLinecap="round"
            strokeDasharray={`${circumference * progress} ${circumference}`}
          />
        </svg>
        <div>
          <p className="text-3xl font-bold tabular-nums">{format.number(goal - eaten)}</p>
          <p className="text-fg-muted text-sm">{t('remaining')}</p>
          <p className="mt-2 text-sm tabular-nums">
            {t('eaten')} <strong>{format.number(eaten)}</strong> · {t('goal')} {format.number(goal)}
          </p>
        </div>
      </div>
      <ul className="mt-5 grid grid-cols-3 gap-3">
        {macros.map((macro) => (
          <li key={macro.key}>
            <p className="text-fg-muted text-xs">{t(macro.key)}</p>
            <p className="text-sm font-semibold tabular-nums">{format.number(macro.grams)} g</p>
            <div className="bg-muted mt-1 h-1.5 rounded-full">
              <div
                className={`${macro.color} h-1.5 rounded-full`}
                style={{ width: `${(macro.grams / macro.goal) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <ul className="mt-5 grid gap-2">
        {[
          { meal: 'breakfast', food: 'oatmeal', kcal: 420 },
          { meal: 'lunch', food: 'borscht', kcal: 560 },
        ].map((row) => (
          <li key={row.meal} className="bg-muted/60 flex items-center justify-between rounded-2xl px-4 py-3">
            <div>
              <p className="text-fg-muted text-xs">{t(row.meal)}</p>
              <p className="text-sm font-medium">{t(row.food)}</p>
            </div>
            <p className="flex items-center gap-1 text-sm font-semibold tabular-nums">
              <Icon name="flame" className="text-amber-500" />
              {format.number(row.kcal)}
            </p>
          </li>
        ))}
      </ul>
    </figure>
  );
}
