/*
 * The dashboard's day figures, painted before any of the app's scripts run.
 *
 * A guest's day lives only in the browser, so the server cannot render its figures, and the
 * view that can arrives after Next, React and the data layer: on a mid-range phone the summary
 * stayed empty well after the page had painted (decision 0027). The server therefore sends the summary
 * card with empty figures and, right after it, a small inline script built from the two
 * functions below. The script reads the day from localStorage (the seed's keys), adds it up as
 * the view will, and writes the figures into the card while the HTML is still being parsed.
 * The view then renders the same card with the same figures in its place.
 *
 * These functions run as inline script source (Function.prototype.toString), with the view's own
 * summarizeDay and round1, so they must not use anything from outside their own bodies: what
 * they need comes in as arguments. They only ever paint a preview; anything they cannot read
 * with certainty leaves the card empty, and the view, which validates every record with the
 * repository's schemas, decides what is shown.
 */

import {
  ACTIVITY_FIELD,
  ENTRY_FIELD,
  LEGACY_ENTRY_FIELD,
  LEGACY_ENTRY_MIN_LENGTH,
  TENTHS_BELOW,
} from '@/lib/data/guest/day-codec';
import { LIMITS } from '@/lib/limits';
import { DEFAULT_ACTIVITY_SHARE } from './defaults';
import { DAY_KEY_PREFIX, SETTINGS_KEY } from '@/lib/data/guest/storage-keys';
import { summarizeDay, type DayFigures } from './day-summary';
import { round1 } from './round';
import { weekdays } from './dates';

/**
 * Where the guest's records are: the key prefix of a day and the settings key, and the
 * positions of a compact entry's kcal, protein, fat and carbs (ENTRY_FIELD of the day codec),
 * its macros in tenths when its meal·unit (position 1) is under `tenthsBelow` in its block of twice
 * that (a meal of one's own is a block further on), and the positions
 * in the earlier layout, whose entries have at least `legacyLength` fields.
 */
export type StorageKeys = {
  day: string;
  settings: string;
  fields: { kcal: number; protein: number; fat: number; carbs: number };
  legacyFields: { kcal: number; protein: number; fat: number; carbs: number };
  legacyLength: number;
  tenthsBelow: number;
  /** The weekdays as settings name them, Monday first (lib/diary/dates.ts). */
  weekdays: readonly string[];
  /** Where a stored activity keeps its kcal, and the share of them the budget takes by default. */
  activityKcal: number;
  activityShare: number;
  /** The most kcal and grams of a macro one entry may hold (LIMITS): past them, the view decides. */
  max: { kcal: number; macro: number; activityKcal: number };
};

/**
 * The figures of the guest's day `date` from its stored record (compact or plain entries), or
 * null when the record does not hold together. Macros are rounded with `round` (round1, as
 * sumTotals does). The goal follows the view: the day's own, else the settings' goal in force
 * that day (its weekday's, else the daily goal: rules.goalInForce), else the seed's default.
 * Activity adds the settings' share of its kcal, as activityCredit does. In calm mode (or a
 * calmMode the view might read as on) there are no figures to paint: null, and the card waits.
 */
export function readGuestDayFigures(
  storage: Pick<Storage, 'getItem'>,
  keys: StorageKeys,
  date: string,
  defaultGoal: number,
  round: typeof round1,
): DayFigures | null {
  const isNumber = (value: unknown): value is number => typeof value === 'number' && isFinite(value);
  try {
    const settings = JSON.parse(storage.getItem(keys.settings) ?? 'null') as {
      currentGoal?: unknown;
      weekdayGoals?: Record<string, unknown> | null;
      macroTargets?: Record<string, unknown> | null;
      activityShare?: unknown;
      energyUnit?: unknown;
      calmMode?: unknown;
      stepsInBudget?: unknown;
    } | null;
    // Calm mode shows no energy at all: not even for a moment before the view arrives.
    if (settings && settings.calmMode !== undefined && settings.calmMode !== false) return null;
    // The card is painted in kcal: a diary read in kJ waits for the view, which converts.
    if (settings && settings.energyUnit === 'kj') return null;
    // Steps in the budget take the walking formula and the weights: the view works them out.
    if (settings && settings.stepsInBudget !== undefined && settings.stepsInBudget !== false) return null;
    // Monday 0 to Sunday 6: getUTCDay counts from Sunday.
    const weekday = keys.weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    const weekdayGoal = settings?.weekdayGoals ? settings.weekdayGoals[weekday] : undefined;
    const settingsGoal = isNumber(weekdayGoal)
      ? weekdayGoal
      : settings && isNumber(settings.currentGoal)
        ? settings.currentGoal
        : defaultGoal;
    // The user's macro targets as the view reads them; anything else leaves the card to the view.
    const own = settings?.macroTargets;
    if (
      own &&
      !((own.unit === 'percent' || own.unit === 'grams') && [own.protein, own.fat, own.carbs].every(isNumber))
    )
      return null;
    const targets = own ? { macroTargets: own as DayFigures['macroTargets'] } : {};
    const share =
      settings && settings.activityShare !== undefined ? settings.activityShare : keys.activityShare;
    if (!isNumber(share)) return null;
    const text = storage.getItem(keys.day + date);
    if (text === null) return { goal: settingsGoal, ...targets, kcal: 0, protein: 0, fat: 0, carbs: 0 };
    const day = JSON.parse(text) as {
      date?: unknown;
      goal?: unknown;
      e?: unknown;
      a?: unknown;
      entries?: unknown;
      activities?: unknown;
    };
    if (!day || day.date !== date || !isNumber(day.goal)) return null;
    // The kcal of each activity, compact (in `a`) or plain; one the view would set aside leaves
    // the card to it.
    const activities = (day.a ?? day.activities ?? []) as unknown;
    if (!Array.isArray(activities)) return null;
    let burned = 0;
    for (const activity of activities as unknown[]) {
      const kcal = Array.isArray(activity)
        ? activity[keys.activityKcal]
        : activity && (activity as { kcal?: unknown }).kcal;
      if (!isNumber(kcal) || kcal < 1 || kcal > keys.max.activityKcal) return null;
      burned += kcal;
    }
    const rows = Array.isArray(day.e)
      ? (day.e as unknown[][]).map((entry) => {
          if (!Array.isArray(entry)) return [];
          const legacy = entry.length >= keys.legacyLength;
          const fields = legacy ? keys.legacyFields : keys.fields;
          const macro = (value: unknown) =>
            !legacy &&
            isNumber(entry[1]) &&
            entry[1] % (2 * keys.tenthsBelow) < keys.tenthsBelow &&
            isNumber(value)
              ? value / 10
              : value;
          return [
            entry[fields.kcal],
            macro(entry[fields.protein]),
            macro(entry[fields.fat]),
            macro(entry[fields.carbs]),
          ];
        })
      : Array.isArray(day.entries)
        ? (day.entries as Record<string, unknown>[]).map((entry) =>
            entry ? [entry.kcal, entry.protein, entry.fat, entry.carbs] : [],
          )
        : null;
    if (!rows) return null;
    const sum = [0, 0, 0, 0];
    // An entry past a limit is one the view sets aside: leave the card to it.
    const inRange = (value: unknown, index: number) =>
      isNumber(value) && value >= 0 && value <= (index === 0 ? keys.max.kcal : keys.max.macro);
    for (const row of rows) {
      if (row.length !== 4 || !row.every(inRange)) return null;
      row.forEach((value, index) => (sum[index]! += value as number));
    }
    const [kcal, protein, fat, carbs] = sum as [number, number, number, number];
    return {
      goal: day.goal,
      activity: Math.round((burned * share) / 100),
      ...targets,
      kcal: Math.round(kcal),
      protein: round(protein),
      fat: round(fat),
      carbs: round(carbs),
    };
  } catch {
    return null;
  }
}

export type FirstPaintConfig = {
  /** The locale's digit-group and decimal separators, from the server's Intl (see numberSymbols). */
  symbols: { group: string; decimal: string };
  /** The day asked for by ?date=, else null for the user's today (decided here, in local time). */
  date: string | null;
  keys: StorageKeys;
  defaultGoal: number;
  /** The ring's circumference, to draw the arc as DaySummaryCard does. */
  circumference: number;
};

/** What the inline script gets from the app's own code. */
export type FirstPaintHelpers = {
  read: typeof readGuestDayFigures;
  summarize: typeof summarizeDay;
  round1: typeof round1;
};

/**
 * Writes the day's figures into the summary card (`data-first-paint="card"`, see DaySummaryCard)
 * and its elements marked with `data-first-paint`. A `data-template` holds the element's message
 * with `#` for the number. Answers whether it painted.
 */
export function paintDayFigures(
  helpers: FirstPaintHelpers,
  card: HTMLElement | null,
  storage: Pick<Storage, 'getItem'>,
  config: FirstPaintConfig,
  now: Date,
): boolean {
  const pad = (value: number) => (value < 10 ? '0' : '') + value;
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  if (card?.dataset?.firstPaint !== 'card') return false;
  const figures = helpers.read(
    storage,
    config.keys,
    config.date ?? today,
    config.defaultGoal,
    helpers.round1,
  );
  if (!figures) return false;
  // Intl.NumberFormat(locale, { maximumFractionDigits: 1 }) for the figures of a day, which
  // have at most one decimal. Not Intl itself: a page's first Intl call loads the browser's locale
  // data, in the middle of parsing the page (decision 0026).
  const format = (value: number) => {
    const [whole = '0', fraction] = String(helpers.round1(value)).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, config.symbols.group);
    return fraction ? grouped + config.symbols.decimal + fraction : grouped;
  };
  const summary = helpers.summarize(figures, format);
  const { macros } = summary;
  const text: Record<string, string> = {
    remaining: summary.remaining,
    goal: summary.goal,
    eaten: summary.eaten,
    activity: summary.activity,
    protein: macros.protein.grams,
    fat: macros.fat.grams,
    carbs: macros.carbs.grams,
    'target-protein': macros.protein.target,
    'target-fat': macros.fat.target,
    'target-carbs': macros.carbs.target,
  };
  card.querySelectorAll<HTMLElement>('[data-first-paint]').forEach((element) => {
    const name = element.dataset.firstPaint ?? '';
    if (name in text) element.textContent = (element.dataset.template ?? '#').replace('#', text[name]!);
    const macro = macros[name.replace('bar-', '') as keyof typeof macros];
    if (name.startsWith('bar-') && macro) element.style.width = `${macro.percent}%`;
    if (name === 'arc') {
      element.setAttribute('opacity', summary.progress > 0 ? '1' : '0');
      element.setAttribute(
        'stroke-dasharray',
        `${config.circumference * summary.progress} ${config.circumference}`,
      );
    }
  });
  card.dataset.over = summary.over ? 'true' : 'false';
  card.dataset.painted = 'true';
  return true;
}

/** The digit-group and decimal separators of `locale`, as Intl writes numbers there. */
export function numberSymbols(locale: string): FirstPaintConfig['symbols'] {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * The inline script that follows the card: both functions' source and the call that paints the
 * card right before the script (the server may send the card more than once while it streams).
 */
export function firstPaintScript(config: FirstPaintConfig): string {
  const helpers = `{read:${readGuestDayFigures.toString()},summarize:${summarizeDay.toString()},round1:${round1.toString()}}`;
  const card = 'document.currentScript&&document.currentScript.previousElementSibling';
  return `try{(${paintDayFigures.toString()})(${helpers},${card},localStorage,${JSON.stringify(config)},new Date())}catch(e){}`;
}

/**
 * The guest storage's own layout: its keys and where a stored entry keeps its figures come from
 * the codec, so the preview reads exactly what the repository writes.
 */
export const GUEST_STORAGE_KEYS: StorageKeys = {
  day: DAY_KEY_PREFIX,
  settings: SETTINGS_KEY,
  fields: ENTRY_FIELD,
  legacyFields: LEGACY_ENTRY_FIELD,
  legacyLength: LEGACY_ENTRY_MIN_LENGTH,
  tenthsBelow: TENTHS_BELOW,
  weekdays,
  activityKcal: ACTIVITY_FIELD.kcal,
  activityShare: DEFAULT_ACTIVITY_SHARE,
  max: { kcal: LIMITS.entryKcal.max, macro: LIMITS.entryMacro.max, activityKcal: LIMITS.activityKcal.max },
};

export function guestFirstPaintScript(config: Omit<FirstPaintConfig, 'keys'>): string {
  return firstPaintScript({ ...config, keys: GUEST_STORAGE_KEYS });
}
