'use client';

import { Command } from 'cmdk';
import { useLocale, useTranslations } from 'next-intl';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { ACTION_CLASS, ACTION_LABEL } from './add-actions';
import type { IconKey } from '@/lib/icons/names';
import { cn } from '@/lib/ui/cn';
import { useDays } from '@/lib/data';
import { addDays } from '@/lib/diary/dates';
import { loggableFromFood, recentFoods } from '@/lib/diary/loggable';
import { measureNoun } from '@/lib/diary/measures';
import { defaultPick, type FoodPick, type LoggableFood } from '@/lib/diary/nutrition';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { takeTyped } from '@/lib/ui/typing-buffer';
import { savedMealItems } from '@/lib/diary/saved-meal';
import type { Food } from '@/lib/schemas/food';
import type { SeveralItem } from './several-foods-form';
import { useFoodIndex, type FoundFood } from '@/lib/hooks/use-food-index';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { useQueryReading } from '@/lib/hooks/use-query-reading';
import { amountItemOf, pickFor } from '@/lib/diary/phrase-match';
import { usualFoods } from '@/lib/diary/usual-foods';
import type { Meal } from '@/lib/diary/meals';
import type { Entry } from '@/lib/schemas/entry';

/** Results shown for a query: enough to scroll, few enough to render within a frame. */
const RESULT_LIMIT = 50;
/** Days back whose entries make the recent list and lift recent foods in the results. */
const RECENT_DAYS = 30;
/** Foods listed as recent before any search. */
const RECENT_LISTED = 8;

type FoodSearchProps = {
  date: string;
  /** The meal the dialog logs to: its usual foods are offered before any search. */
  meal: Meal;
  /** What the field holds when the search opens. */
  initialQuery?: string;
  onPick: (pick: FoodPick) => void;
  /** Logs a food with the amount the query said ("2 slices of bread"), in the meal it named if any. */
  onLog: (pick: FoodPick, meal: Meal | null) => void;
  /** Opens Describe a meal with `text`: several foods typed in the search, or none yet. */
  onDescribe: (text: string) => void;
  /** Logs the entries of another day again (Same as yesterday). */
  onRepeat: (entries: Entry[]) => void;
  onQuickAdd: () => void;
  onCreate: (name: string) => void;
  /** Several foods to log at once: a saved meal's items (with its name), or foods picked together. */
  onPickSeveral: (items: SeveralItem[], heading?: string) => void;
  /** More ways to add a food, shown beside Quick add. */
  actions?: ReactNode;
};

/**
 * Finding a food to log: one field over the user's foods and the catalog, ranked by
 * lib/diary/search (own, favourite and recent foods lifted). The results are a listbox: arrow
 * keys move the highlight, Enter picks it, as a tap does.
 */
export function FoodSearch({
  date,
  meal,
  initialQuery = '',
  onPick,
  onLog,
  onDescribe,
  onRepeat,
  onQuickAdd,
  onCreate,
  onPickSeveral,
  actions,
}: FoodSearchProps) {
  const t = useTranslations('diary');
  const tUi = useTranslations('ui');
  const locale = useLocale() as Locale;
  const formatNumber = useFormatNumber();
  const { energy, foodWeight } = useUnitFormat();
  const calm = useCalm();
  const servingLabel = useServingLabel();
  const [query, setQuery] = useState(initialQuery);
  // Picking several: the results toggle in and out of this list instead of opening one.
  const [picked, setPicked] = useState<Map<string, LoggableFood> | null>(null);
  // Enter pressed before everything was searched: acted on once the results are complete, so it
  // picks the food that is really first rather than being dropped (or picking a partial list's).
  const [enterPending, setEnterPending] = useState(false);
  const recentData = useDays(addDays(date, -RECENT_DAYS), addDays(date, 1)).data;
  const recentRefs = useMemo(
    () => new Set((recentData ?? []).flatMap((day) => day.entries.map((entry) => entry.food))),
    [recentData],
  );
  const { index, foods, foodsLoaded, catalog, catalogLoaded, bridged } = useFoodIndex(recentRefs, query);

  // The keys typed while the dialog opened (DashboardView started the buffer), taken in the
  // same commit that focuses the field: from then on the field takes them itself. Read here and
  // not while rendering, as keys still arrive between a concurrent render and its commit.
  useLayoutEffect(() => {
    const typed = takeTyped();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an outside buffer, read once at mount
    if (typed.text) setQuery((current) => current + typed.text);
    if (typed.enter) setEnterPending(true);
  }, []);

  // Each food logged lately, as it was last logged: a food picked again starts with its amount
  // and measure ("the last measure used is remembered"), the newest few listed as recent.
  const lastPicks = useMemo(
    () =>
      recentFoods(
        (recentData ?? []).flatMap((day) => day.entries),
        foods,
        catalog,
        locale,
        Infinity,
      ),
    [recentData, foods, catalog, locale],
  );
  const recent = lastPicks.slice(0, RECENT_LISTED);
  const lastPickOf = useMemo(
    () => new Map(lastPicks.map((pick) => [String(pick.food.ref), pick])),
    [lastPicks],
  );

  const trimmed = query.trim();
  // "2 slices of bread": the reading first, and the results for its food's words below it.
  const reading = useQueryReading(trimmed, index, catalogLoaded && foodsLoaded);
  // An amount said of words no food is named by ("2 slices of brea" while typing, "a bowl of
  // pho"): the results are its food words', and a food picked from them takes the amount.
  const amountItem = useMemo(() => {
    if (reading?.kind === 'one') return reading.match.item;
    if (reading || !trimmed) return null;
    return amountItemOf(trimmed, (text, limit) => index.ranked(text, limit));
  }, [reading, trimmed, index]);
  const searchedText = amountItem?.food ?? trimmed;
  const results = useMemo(
    () => (searchedText ? index.ranked(searchedText, RESULT_LIMIT) : []),
    [index, searchedText],
  );
  // Found only through a typo on another word ("latte" → "batter"): creating the food typed
  // comes first (issue 49).
  // So too when an amount was said of words no food is named by ("a bowl of pho" found only
  // "phosphate"): Enter would log a bowl of something else.
  const weakFirst = (results[0]?.weak ?? false) || (amountItem !== null && reading === null);
  const usual = useMemo(() => usualFoods(recentData ?? [], meal, date), [recentData, meal, date]);
  const yesterday = useMemo(
    () =>
      recentData
        ?.find((day) => day.date === addDays(date, -1))
        ?.entries.filter((entry) => entry.meal === meal) ?? [],
    [recentData, date, meal],
  );

  function choose(result: FoundFood) {
    if (picked) {
      const next = new Map(picked);
      if (next.has(result.key)) next.delete(result.key);
      else next.set(result.key, result.food);
      setPicked(next);
    } else if (result.own?.recipe?.kind === 'meal') {
      onPickSeveral(
        savedMealItems(result.own).map((item, index) => ({ key: `${result.key}-${index}`, ...item })),
        result.own.name,
      );
    } else if (amountItem) {
      onPick(pickFor(amountItem, result.food, locale));
    } else {
      pickFood(result.food);
    }
  }

  /** Any food but a saved meal reads as its kcal per 100 g; in calm mode, as nothing. */
  const detail = (food: { kcal: number }) => (calm ? '' : t('per100', { energy: energy(food.kcal, 1) }));
  /** A saved meal reads as what it is, "526 kcal, 4 foods" ("4 foods" in calm mode). */
  const ownDetail = (food: Food) =>
    food.recipe?.kind === 'meal' && food.serving
      ? calm
        ? t('foodCount', { count: food.recipe.ingredients.length })
        : t('savedMealDetail', {
            energy: energy((food.kcal * food.serving.grams) / 100),
            count: food.recipe.ingredients.length,
          })
      : detail(food);
  /** An own food listed before any search, picked as its search result would be (a saved meal opens its items). */
  const ownResult = (food: Food): FoundFood => ({
    key: `own-${food.id}`,
    food: loggableFromFood(food),
    own: food,
  });

  const pickFood = (food: LoggableFood) => onPick(lastPickOf.get(String(food.ref)) ?? defaultPick(food));
  // The food's words are its name, without the amount said ("pho" of "a bowl of pho").
  const newName = (reading === null && amountItem ? amountItem.food : trimmed).slice(
    0,
    LIMITS.nameLength.max,
  );

  const searched = catalogLoaded && foodsLoaded;
  useEffect(() => {
    if (!enterPending || !searched) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a kept key, acted on once
    setEnterPending(false);
    if (trimmed === '') return;
    // What Enter does on the complete list: the reading, the first result, or "Create" when
    // nothing matches.
    if (reading?.kind === 'one') onLog(reading.match.pick!, reading.meal);
    else if (reading?.kind === 'several') onDescribe(trimmed);
    else if (results[0] && !weakFirst) choose(results[0].item);
    else onCreate(newName);
    // Only the arrival of the results (or of the key) acts; choose and onCreate are the latest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, searched]);

  /** True once an arrow key moved the highlight since the query last changed: Enter then means that food. */
  const highlightMoved = useRef(false);

  function keepEarlyEnter(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') highlightMoved.current = true;
    if (
      event.key !== 'Enter' ||
      highlightMoved.current ||
      !(event.target instanceof HTMLInputElement) ||
      searched ||
      trimmed === '' ||
      event.nativeEvent.isComposing
    )
      return;
    // cmdk would pick from an incomplete list, or find nothing to pick and drop the key. A food
    // the user highlighted with the arrows is theirs to pick: cmdk does.
    event.preventDefault();
    setEnterPending(true);
  }

  const createItem = (
    <Command.Item
      value="create-food"
      onSelect={() => onCreate(newName)}
      className="data-[selected=true]:bg-muted text-primary flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm font-semibold"
    >
      <Icon name="plus" className="text-lg" />
      <span className="min-w-0 truncate">{tUi('create', { label: newName })}</span>
    </Command.Item>
  );

  /** "2 × slice", or the weight of a pick in grams. */
  const amountOf = (pick: FoodPick) =>
    pick.measure
      ? `${formatNumber(pick.amount)} × ${measureNoun(servingLabel(pick.measure.label))}`
      : foodWeight(pick.amount);

  /** "2 × slice · 56 g · 148 kcal": the reading of a query with an amount (no energy in calm mode). */
  const readingDetail = (pick: FoodPick, grams: number, kcal: number) => {
    const weight = foodWeight(grams);
    const amount = pick.measure ? amountOf(pick) : null;
    if (calm) return amount ? `${amount} · ${weight}` : weight;
    return amount
      ? t('describe.readingDetail', { amount, weight, energy: energy(kcal) })
      : t('describe.readingWeight', { weight, energy: energy(kcal) });
  };
  const readCount =
    reading?.kind === 'several' ? reading.reading.matches.filter((match) => match.found).length : 0;

  const usualItems = usual.flatMap((ref) => {
    const pick = lastPickOf.get(String(ref));
    if (!pick) return [];
    return [
      <ResultItem
        key={`usual-${String(ref)}`}
        value={`usual-${String(ref)}`}
        name={pick.food.name}
        detail={amountOf(pick)}
        onSelect={() => onPick(pick)}
      />,
    ];
  });

  return (
    <Command
      shouldFilter={false}
      loop
      label={t('search')}
      onKeyDown={keepEarlyEnter}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
    >
      <div className="relative">
        <Icon
          name="search"
          className="text-fg-muted pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-lg"
        />
        <Command.Input
          autoFocus
          value={query}
          onValueChange={(typed) => {
            highlightMoved.current = false;
            setQuery(typed);
          }}
          placeholder={t('searchPlaceholder')}
          aria-label={t('search')}
          className={cn(inputClass, 'pl-10')}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="secondary" size="wrap" onClick={onQuickAdd} className={ACTION_CLASS}>
          <Icon name="bolt" className="shrink-0 text-lg" />
          <span className={ACTION_LABEL}>{t('quickAdd')}</span>
        </Button>
        <Button
          type="button"
          variant="secondary"
          aria-pressed={picked !== null}
          size="wrap"
          onClick={() => setPicked(picked ? null : new Map())}
          className={ACTION_CLASS}
        >
          <Icon name="listChecks" className="shrink-0 text-lg" />
          <span className={ACTION_LABEL}>{t('pickSeveral')}</span>
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="wrap"
          onClick={() => onDescribe(reading?.kind === 'several' ? trimmed : '')}
          className={ACTION_CLASS}
        >
          <Icon name="describe" className="shrink-0 text-lg" />
          <span className={ACTION_LABEL}>{t('describe.open')}</span>
        </Button>
        {actions}
      </div>
      {picked && picked.size > 0 ? (
        <Button
          type="button"
          onClick={() =>
            onPickSeveral(
              [...picked].map(([key, food]) => ({
                key,
                ...(lastPickOf.get(String(food.ref)) ?? defaultPick(food)),
              })),
            )
          }
        >
          {t('continueWith', { count: picked.size })}
        </Button>
      ) : null}

      {/* cmdk names the list from `label` (its own English "Suggestions" when absent), after any aria-label. */}
      <Command.List className="grid gap-3" label={t('search')}>
        {trimmed === '' ? (
          <>
            {foodsLoaded && recentData && recent.length === 0 && foods.length === 0 ? (
              // A new diary has nothing to list yet: say what the box is for.
              <p className="text-fg-muted px-2 py-4 text-center text-sm" data-testid="add-search-hint">
                {t('searchHint')}
              </p>
            ) : null}
            {yesterday.length > 0 ? (
              <ResultGroup heading={t('describe.usual')}>
                {[
                  <ResultItem
                    key="same-as-yesterday"
                    value="same-as-yesterday"
                    name={t('describe.sameAsYesterday')}
                    detail={t('describe.sameAsYesterdayDetail', {
                      count: yesterday.length,
                      energy: energy(yesterday.reduce((sum, entry) => sum + entry.kcal, 0)),
                    })}
                    icon="repeat"
                    onSelect={() => onRepeat(yesterday)}
                  />,
                  ...usualItems,
                ]}
              </ResultGroup>
            ) : (
              <ResultGroup heading={t('describe.usual')}>{usualItems}</ResultGroup>
            )}
            <ResultGroup heading={t('recent')}>
              {recent.map((item) => (
                <ResultItem
                  key={`recent-${String(item.food.ref)}`}
                  value={`recent-${String(item.food.ref)}`}
                  name={item.food.name}
                  detail={amountOf(item)}
                  onSelect={() => onPick(item)}
                />
              ))}
            </ResultGroup>
            <ResultGroup heading={t('favourites')}>
              {foods
                .filter((food) => food.favorite)
                .map((food) => (
                  <ResultItem
                    key={`fav-${food.id}`}
                    value={`fav-${food.id}`}
                    name={loggableFromFood(food).name}
                    detail={ownDetail(food)}
                    onSelect={() => choose(ownResult(food))}
                  />
                ))}
            </ResultGroup>
            <ResultGroup heading={t('yourFoods')}>
              {foods.slice(0, 30).map((food) => (
                <ResultItem
                  key={`own-${food.id}`}
                  value={`own-${food.id}`}
                  name={loggableFromFood(food).name}
                  detail={ownDetail(food)}
                  onSelect={() => choose(ownResult(food))}
                />
              ))}
            </ResultGroup>
          </>
        ) : (
          <>
            {reading?.kind === 'one' ? (
              <ResultGroup heading={t('describe.reading')}>
                {[
                  <ResultItem
                    key="reading"
                    value="reading"
                    name={reading.match.found.food.name}
                    detail={readingDetail(reading.match.pick!, reading.match.grams!, reading.match.kcal!)}
                    icon="reading"
                    onSelect={() => onLog(reading.match.pick!, reading.meal)}
                  />,
                ]}
              </ResultGroup>
            ) : reading?.kind === 'several' ? (
              <ResultGroup heading={t('describe.reading')}>
                {[
                  <ResultItem
                    key="reading"
                    value="reading"
                    name={t('describe.readingSeveral', { count: readCount })}
                    detail={reading.reading.matches
                      .flatMap((match) => (match.found ? [match.found.food.name] : []))
                      .join(' · ')}
                    icon="describe"
                    onSelect={() => onDescribe(trimmed)}
                  />,
                ]}
              </ResultGroup>
            ) : null}
            {results.length === 0 && catalogLoaded ? (
              <p className="text-fg-muted py-4 text-center text-sm">{tUi('noMatchingData')}</p>
            ) : null}
            {weakFirst ? createItem : null}
            <ResultGroup heading={t('results')}>
              {results.map(({ item: result }) => (
                <ResultItem
                  key={result.key}
                  value={result.key}
                  name={result.food.name}
                  detail={result.own ? ownDetail(result.own) : detail(result.food)}
                  badge={result.own ? t(ownBadge(result.own)) : undefined}
                  selected={picked?.has(result.key) ? t('picked') : undefined}
                  onSelect={() => choose(result)}
                />
              ))}
            </ResultGroup>
            {/* Offered once everything is searched: before, a quick Enter would make a food the catalog has. */}
            {catalogLoaded && foodsLoaded ? (
              weakFirst ? null : (
                createItem
              )
            ) : (
              <Command.Loading>
                <p className="text-fg-muted py-4 text-center text-sm">{t('loading')}</p>
              </Command.Loading>
            )}
          </>
        )}
      </Command.List>
      {/* Below the results, so its coming and going never moves a result under a finger. */}
      {bridged ? (
        <p className="text-fg-muted text-xs" data-testid="table-bridge-note">
          {t('tableBridge')}
        </p>
      ) : null}
    </Command>
  );
}

/** What an own food is in the results: a saved meal, a recipe, or just the user's. */
function ownBadge(food: Food): 'savedMeal' | 'recipe' | 'yourFood' {
  if (food.recipe?.kind === 'meal') return 'savedMeal';
  return food.recipe ? 'recipe' : 'yourFood';
}

function ResultGroup({ heading, children }: { heading: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <Command.Group
      heading={heading}
      className="[&_[cmdk-group-heading]]:text-fg-muted [&_[cmdk-group-heading]]:mb-1 [&_[cmdk-group-heading]]:px-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:uppercase"
    >
      {children}
    </Command.Group>
  );
}

function ResultItem({
  value,
  name,
  detail,
  badge,
  selected,
  icon = 'plus',
  onSelect,
}: {
  value: string;
  name: string;
  detail: string;
  badge?: string;
  /** The mark at the end: a plus, or what the row does (a reading, a repeat). */
  icon?: IconKey;
  /** Picked, when several are being picked: said, and shown as a check instead of the plus. */
  selected?: string;
  onSelect: () => void;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="data-[selected=true]:bg-muted flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-left"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="text-fg-muted flex items-center gap-2 truncate text-xs">
          {detail}
          {badge ? (
            <span className="bg-primary-soft text-fg rounded-md px-1.5 py-px text-[0.6875rem] font-semibold">
              {badge}
            </span>
          ) : null}
        </span>
      </span>
      {selected ? <span className="sr-only">{selected}</span> : null}
      <Icon name={selected ? 'check' : icon} className="text-primary text-lg" />
    </Command.Item>
  );
}
