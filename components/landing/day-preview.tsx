import { getFormatter, getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/icon';
import { macroKeys, summarizeDay } from '@/lib/diary/day-summary';
import { sumTotals } from '@/lib/diary/nutrition';

// An illustrative day (not the visitor's data): what the diary looks like once it is in use. The
// figures are the meals' sums, worked out as the diary works them out, so the picture adds up.
const goal = 2000;
const meals = [
  { meal: 'breakfast', food: 'oatmeal', kcal: 420, protein: 14, fat: 9, carbs: 72 },
  { meal: 'lunch', food: 'borscht', kcal: 560, protein: 32, fat: 24, carbs: 52 },
  { meal: 'snacks', food: 'yogurt', kcal: 360, protein: 30, fat: 12, carbs: 32 },
] as const;
const macroColors = { protein: 'bg-secondary', fat: 'bg-amber-400', carbs: 'bg-primary' } as const;

/** A static picture of a diary day for the landing page, drawn with the app's own styles. */
export async function DayPreview() {
  const t = await getTranslations('landing.preview');
  const tDiary = await getTranslations('diary');
  const format = await getFormatter();
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const totals = sumTotals(meals);
  const figures = summarizeDay({ ...totals, goal }, (value) =>
    format.number(value, { maximumFractionDigits: 1 }),
  );
  const progress = figures.progress;

  return (
    <figure
      aria-label={t('label')}
      className="border-border bg-surface relative rounded-[2rem] border p-5 shadow-xl shadow-green-900/5 desk:p-6"
    >
      <div className="flex items-center justify-between">
        <p className="font-semibold">{t('today')}</p>
        <Icon name="calendar" className="text-fg-muted text-lg" />
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
          <p className="text-3xl font-bold tabular-nums">{figures.remaining}</p>
          <p className="text-fg-muted text-sm">{t('remaining')}</p>
          <p className="mt-2 text-sm tabular-nums">
            {t('eaten')} <strong>{figures.eaten}</strong> · {t('goal')} {figures.goal}
          </p>
        </div>
      </div>
      <ul className="mt-5 grid grid-cols-3 gap-3">
        {macroKeys.map((key) => (
          <li key={key} className="flex flex-col">
            <p className="text-fg-muted text-xs">{t(key)}</p>
            <p className="mb-1 text-sm tabular-nums">
              <span className="font-semibold">{tDiary('grams', { value: figures.macros[key].grams })}</span>{' '}
              <span className="text-fg-muted text-xs whitespace-nowrap">
                {tDiary('macroTarget', { value: figures.macros[key].target })}
              </span>
            </p>
            <div className="bg-muted mt-auto h-1.5 rounded-full">
              <div
                className={`${macroColors[key]} h-1.5 rounded-full`}
                style={{ width: `${figures.macros[key].percent}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <ul className="mt-5 grid gap-2">
        {meals.map((row) => (
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
