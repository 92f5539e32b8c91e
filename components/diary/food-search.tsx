'use client';

import { Command } from 'cmdk';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog } from '@/lib/catalog/load';
import { cn } from '@/lib/cn';
import { useDays, useFoods } from '@/lib/data';
import { addDays } from '@/lib/dates';
import { loggableFromCatalog, loggableFromFood, recentFoods, type RecentFood } from '@/lib/diary/loggable';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { SEARCH_BOOST, SearchIndex, type SearchDoc } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { takeTypedText } from '@/lib/typing-buffer';
import { useFormatNumber } from './use-format-number';

/** Results shown for a query: enough to scroll, few enough to render within a frame. */
const RESULT_LIMIT = 50;
/** Days back whose entries make the recent list and lift recent foods in the results. */
const RECENT_DAYS = 30;

type Result = { key: string; food: LoggableFood; detail?: string; own: boolean };

type FoodSearchProps = {
  date: string;
  onPick: (food: LoggableFood, amount: number, unit: 'g' | 'serving') => void;
  onQuickAdd: () => void;
  onCreate: (name: string) => void;
  /** More ways to add a food, shown beside Quick add. */
  actions?: ReactNode;
};

/**
 * Finding a food to log: one field over the user's foods and the catalog, ranked by
 * lib/diary/search (own, favourite and recent foods lifted). The results are a listbox: arrow
 * keys move the highlight, Enter picks it, as a tap does.
 */
export function FoodSearch({ date, onPick, onQuickAdd, onCreate, actions }: FoodSearchProps) {
  const t = useTranslations('diary');
  const tUi = useTranslations('ui');
  const tFood = useTranslations('food');
  const locale = useLocale() as Locale;
  const formatNumber = useFormatNumber();
  const [query, setQuery] = useState('');
  const [catalog, setCatalog] = useState<readonly CatalogFood[]>([]);
  const foodsData = useFoods().data;
  const recentData = useDays(addDays(date, -RECENT_DAYS), addDays(date, 1)).data;
  const foods = useMemo(() => foodsData ?? [], [foodsData]);

  useEffect(() => {
    void loadCatalog().then(setCatalog);
  }, []);

  // The keys typed while the dialog opened (DashboardView started the buffer), taken in the
  // same commit that focuses the field: from then on the field takes them itself. Read here and
  // not while rendering, as keys still arrive between a concurrent render and its commit.
  useLayoutEffect(() => {
    const typed = takeTypedText();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an outside buffer, read once at mount
    if (typed) setQuery((current) => current + typed);
  }, []);

  const recent = useMemo(
    () =>
      recentFoods(
        (recentData ?? []).flatMap((day) => day.entries),
        foods,
        catalog,
        locale,
      ),
    [recentData, foods, catalog, locale],
  );

  const index = useMemo(() => {
    const recentRefs = new Set((recentData ?? []).flatMap((day) => day.entries.map((entry) => entry.food)));
    const docs: Array<SearchDoc<Result>> = [];
    for (const food of foods) {
      docs.push({
        item: { key: `own-${food.id}`, food: loggableFromFood(food), own: true },
        name: food.name,
        tags: [food.brand],
        boost: recentRefs.has(food.id)
          ? SEARCH_BOOST.recent
          : food.favorite
            ? SEARCH_BOOST.favourite
            : SEARCH_BOOST.own,
      });
    }
    for (const food of catalog) {
      docs.push({
        item: { key: `cat-${food.id}`, food: loggableFromCatalog(food, locale), own: false },
        name: food[locale],
        alsoKnownAs: locale === 'ru' ? food.en : food.ru,
        tags: [tFood(`categories.${food.category}`)],
        boost: recentRefs.has(`c:${food.id}`) ? SEARCH_BOOST.recent : 0,
      });
    }
    return new SearchIndex(docs);
  }, [foods, catalog, locale, recentData, tFood]);

  const trimmed = query.trim();
  const results = useMemo(() => (trimmed ? index.search(trimmed, RESULT_LIMIT) : []), [index, trimmed]);
  const catalogLoaded = catalog.length > 0;

  const pickFood = (food: LoggableFood) =>
    onPick(food, food.serving ? 1 : 100, food.serving ? 'serving' : 'g');
  const newName = trimmed.slice(0, LIMITS.nameLength.max);

  return (
    <Command shouldFilter={false} loop label={t('search')} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="relative">
        <Icon
          name="search"
          className="text-fg-muted pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-lg"
        />
        <Command.Input
          autoFocus
          value={query}
          onValueChange={setQuery}
          placeholder={t('searchPlaceholder')}
          aria-label={t('search')}
          className={cn(inputClass, 'pl-10')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onQuickAdd} className="flex-1 justify-start">
          <Icon name="bolt" className="text-lg" />
          {t('quickAdd')}
        </Button>
        {actions}
      </div>

      <Command.List className="grid gap-3" aria-label={t('search')}>
        {trimmed === '' ? (
          <>
            {foodsData && recentData && recent.length === 0 && foods.length === 0 ? (
              // A new diary has nothing to list yet: say what the box is for.
              <p className="text-fg-muted px-2 py-4 text-center text-sm" data-testid="add-search-hint">
                {t('searchHint')}
              </p>
            ) : null}
            <ResultGroup heading={t('recent')}>
              {recent.map((item: RecentFood) => (
                <ResultItem
                  key={`recent-${String(item.food.ref)}`}
                  value={`recent-${String(item.food.ref)}`}
                  name={item.food.name}
                  detail={
                    item.unit === 'serving' && item.food.serving
                      ? `${formatNumber(item.amount)} × ${item.food.serving.label}`
                      : t('grams', { value: formatNumber(item.amount) })
                  }
                  onSelect={() => onPick(item.food, item.amount, item.unit)}
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
                    detail={t('per100', { kcal: formatNumber(food.kcal) })}
                    onSelect={() => pickFood(loggableFromFood(food))}
                  />
                ))}
            </ResultGroup>
            <ResultGroup heading={t('yourFoods')}>
              {foods.slice(0, 30).map((food) => (
                <ResultItem
                  key={`own-${food.id}`}
                  value={`own-${food.id}`}
                  name={loggableFromFood(food).name}
                  detail={t('per100', { kcal: formatNumber(food.kcal) })}
                  onSelect={() => pickFood(loggableFromFood(food))}
                />
              ))}
            </ResultGroup>
          </>
        ) : (
          <>
            {results.length === 0 && catalogLoaded ? (
              <p className="text-fg-muted py-4 text-center text-sm">{tUi('noMatchingData')}</p>
            ) : null}
            <ResultGroup heading={t('results')}>
              {results.map((result) => (
                <ResultItem
                  key={result.key}
                  value={result.key}
                  name={result.food.name}
                  detail={t('per100', { kcal: formatNumber(result.food.kcal) })}
                  badge={result.own ? t('yourFood') : undefined}
                  onSelect={() => pickFood(result.food)}
                />
              ))}
            </ResultGroup>
            <Command.Item
              value="create-food"
              onSelect={() => onCreate(newName)}
              className="data-[selected=true]:bg-muted text-primary flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm font-semibold"
            >
              <Icon name="plus" className="text-lg" />
              <span className="min-w-0 truncate">{tUi('create', { label: newName })}</span>
            </Command.Item>
          </>
        )}
      </Command.List>
    </Command>
  );
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
  onSelect,
}: {
  value: string;
  name: string;
  detail: string;
  badge?: string;
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
      <Icon name="plus" className="text-primary text-lg" />
    </Command.Item>
  );
}
