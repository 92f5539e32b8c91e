'use client';

import { catalogNutrients } from '@/lib/catalog/catalog-nutrients';
import { withKnown } from '@/lib/diary/nutrients';
import { LIMITS } from '@/lib/limits';
import { catalogMeasures } from '@/lib/diary/measures';
import { LoadError } from '@/components/ui/load-error';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Icon } from '@/components/ui/icon';
import { catalogCategories, type CatalogCategory } from '@/lib/catalog/categories';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { TABLE_FOODS, useCatalogs } from '@/lib/hooks/use-whole-catalog';
import { cachedCatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogIndexInSlices } from '@/lib/hooks/use-catalog-index';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { cn } from '@/lib/ui/cn';
import { foldSearchText, matchesQuery, SearchIndex } from '@/lib/diary/search';
import { foodWordsOf } from '@/lib/diary/phrase-match';
import type { Locale } from '@/lib/i18n/config';
import { useFoods, useUpdateFood } from '@/lib/data';
import type { FoodEditing } from './food-editor-dialog';
import { DiaryData } from '@/components/layout/diary-data';
import type { Food } from '@/lib/schemas/food';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';

// Dialogs, the form and zod, which validates it, load when first needed.
const FoodEditorDialog = dynamic(
  () => import('./food-editor-dialog').then((module) => module.FoodEditorDialog),
  {
    ssr: false,
  },
);
const ConfirmDeleteFood = dynamic(
  () => import('./confirm-delete-food').then((module) => module.ConfirmDeleteFood),
  {
    ssr: false,
  },
);

type Sort = 'name' | 'recent' | 'kcal';
type Editing = FoodEditing | null;

/** The food library: search (name and brand, ё = е), favourites, sorting, create, edit, delete; and the catalog. */
export default function FoodLibraryView() {
  return (
    <DiaryData>
      <FoodLibrary />
    </DiaryData>
  );
}

function FoodLibrary() {
  const t = useTranslations('food');
  const locale = useLocale() as Locale;
  const searchId = useId();
  const sortId = useId();
  const foodsQuery = useFoods();
  const updateFood = useUpdateFood();
  // The command palette's food search arrives as ?q=name.
  const [query, setQuery] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [chosenSort, setSort] = useState<Sort>('name');
  // Calm mode offers no order by calories.
  const calm = useCalm();
  const sort = calm && chosenSort === 'kcal' ? 'name' : chosenSort;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Food | null>(null);
  const [category, setCategory] = useState<CatalogCategory | null>(null);
  // The page paints the curated foods at once; the whole USDA table is fetched, and its index
  // built in slices, only once the user searches (issue 55: it held a phone's page for 3 s).
  const [searched, setSearched] = useState(query.trim() !== '');
  if (!searched && query.trim() !== '') setSearched(true);
  const { curated, whole } = useCatalogs(searched);
  const catalog = whole ?? curated;

  const foods = useMemo(() => {
    const list = (foodsQuery.data ?? []).filter(
      (food) => (!favouritesOnly || food.favorite) && matchesQuery(query, food.name, food.brand),
    );
    const byName = (a: Food, b: Food) => foldSearchText(a.name).localeCompare(foldSearchText(b.name), locale);
    const sorters: Record<Sort, (a: Food, b: Food) => number> = {
      name: byName,
      recent: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
      kcal: (a, b) => a.kcal - b.kcal || byName(a, b),
    };
    return list.sort(sorters[sort]);
  }, [foodsQuery.data, favouritesOnly, query, sort, locale]);

  // Search matches, best first (within the picked category, if any), or the whole category by name.
  const catalogPool = useMemo(
    () => (category ? catalog.filter((food) => food.category === category) : catalog),
    [catalog, category],
  );
  const docOf = useCallback((food: CatalogFood) => catalogSearchDoc(food, locale, food), [locale]);
  const wholeIndex = useCatalogIndexInSlices(whole, `library:${locale}`, docOf);
  // A category's foods are few enough to index when it is picked, and only when searched; the
  // whole catalog's index is built in slices, the curated foods answering until it is.
  const categoryIndex = useMemo(
    () => (category && searched ? new SearchIndex(catalogPool.map(docOf)) : null),
    [category, searched, catalogPool, docOf],
  );
  const catalogItems = useMemo(() => {
    if (query.trim()) {
      const index = categoryIndex ?? wholeIndex ?? cachedCatalogIndex(curated, `library:${locale}`, docOf);
      // "2 slices of bread" lists breads.
      return index.search(
        foodWordsOf(query, (text, limit) => index.ranked(text, limit)),
        30,
      );
    }
    if (!category) return [];
    // Browsing lists the curated foods; the whole USDA table's thousands are found by search.
    return catalogPool
      .filter((food) => !food.table)
      .sort((a, b) => a[locale].localeCompare(b[locale], locale));
  }, [categoryIndex, wholeIndex, curated, catalogPool, category, query, locale, docOf]);

  async function toggleFavourite(food: Food) {
    await updateFood.mutateAsync({ id: food.id, input: { ...food, favorite: !food.favorite } });
  }

  async function copyFromCatalog(food: CatalogFood) {
    // The copy takes the catalog's serving and, beside it, as many of its measures as a food holds,
    // and its nutrients (fetched from their file; offline before it was kept, the copy has none).
    const all = catalogMeasures(food, locale);
    const serving = food.serving ? (all[0] ?? null) : null;
    const nutrients = await catalogNutrients(`c:${food.id}`).catch(() => ({}));
    setEditing({
      kind: 'new',
      draft: {
        name: food[locale],
        kcal: food.kcal,
        protein: food.protein,
        fat: food.fat,
        carbs: food.carbs,
        serving,
        measures: all.slice(serving ? 1 : 0, (serving ? 1 : 0) + LIMITS.foodMeasures.max),
        ...withKnown(nutrients),
      },
    });
  }

  const total = foodsQuery.data?.length ?? 0;

  if (foodsQuery.isError && !foodsQuery.data) return <LoadError onRetry={() => void foodsQuery.refetch()} />;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          id={searchId}
          label={t('search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search')}
          className="min-w-[12rem] flex-1"
        />
        <button
          type="button"
          aria-pressed={favouritesOnly}
          onClick={() => setFavouritesOnly((current) => !current)}
          className={cn(
            'border-border flex h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-medium',
            favouritesOnly ? 'bg-primary-soft text-fg border-primary' : 'bg-surface text-fg-muted',
          )}
        >
          <Icon
            name={favouritesOnly ? 'heartSolid' : 'heart'}
            className={cn('text-lg', favouritesOnly && 'text-error')}
          />
          {t('favouritesOnly')}
        </button>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-fg-muted text-sm">
            {t('sort')}
          </label>
          <Select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
            <option value="name">{t('sortName')}</option>
            <option value="recent">{t('sortRecent')}</option>
            {calm ? null : <option value="kcal">{t('sortKcal')}</option>}
          </Select>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => setEditing({ kind: 'newRecipe' })}
            className="h-11"
          >
            <Icon name="chef" className="text-lg" />
            {t('newRecipe')}
          </Button>
          <Button
            type="button"
            onClick={() => setEditing({ kind: 'new', draft: query ? { name: query } : undefined })}
            className="h-11"
          >
            <Icon name="plus" className="text-lg" />
            {t('newFood')}
          </Button>
        </div>
      </div>

      <section aria-labelledby="my-foods">
        <h2 id="my-foods" className="mb-2 flex items-baseline gap-2 font-semibold">
          {t('myFoods')}
          <span className="text-fg-muted text-sm font-normal">{t('count', { count: total })}</span>
        </h2>
        {foodsQuery.isPending || total === 0 ? (
          // While the foods are read, the empty state's place is kept (invisible), so the catalog
          // below does not move down when it appears (a layout shift of 0.07 on a phone).
          <div
            aria-hidden={foodsQuery.isPending}
            className={cn(
              'border-border bg-surface rounded-3xl border border-dashed p-8 text-center',
              foodsQuery.isPending && 'invisible',
            )}
          >
            <p className="font-semibold">{t('emptyTitle')}</p>
            <p className="text-fg-muted mt-1 text-sm">{t('emptyBody')}</p>
          </div>
        ) : foods.length === 0 ? (
          <p className="text-fg-muted py-6 text-center text-sm">{t('noResults')}</p>
        ) : (
          <ul className="border-border bg-surface divide-border divide-y overflow-hidden rounded-3xl border shadow-sm">
            {foods.map((food) => (
              <FoodRow
                key={food.id}
                food={food}
                onEdit={() => setEditing({ kind: 'edit', food })}
                onDelete={() => setDeleting(food)}
                onToggleFavourite={() => void toggleFavourite(food)}
              />
            ))}
          </ul>
        )}
      </section>

      <CatalogSection
        count={curated.length > 0 ? curated.length + TABLE_FOODS : 0}
        filtered={query !== '' || category !== null}
        category={category}
        onCategory={setCategory}
        items={catalogItems}
        locale={locale}
        onCopy={copyFromCatalog}
      />

      {editing ? <FoodEditorDialog editing={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <ConfirmDeleteFood food={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function FoodRow({
  food,
  onEdit,
  onDelete,
  onToggleFavourite,
}: {
  food: Food;
  onEdit: () => void;
  onDelete: () => void;
  onToggleFavourite: () => void;
}) {
  const t = useTranslations('food');
  const tDiary = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const { energy } = useUnitFormat();
  const calm = useCalm();
  const servingLabel = useServingLabel();
  return (
    <li className="flex items-center gap-1 px-2 py-1.5" data-testid="food-row">
      <button
        type="button"
        aria-pressed={food.favorite}
        aria-label={
          food.favorite ? t('removeFavorite', { name: food.name }) : t('addFavorite', { name: food.name })
        }
        onClick={onToggleFavourite}
        className="hover:bg-muted grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-xl"
      >
        <Icon
          name={food.favorite ? 'heartSolid' : 'heart'}
          className={food.favorite ? 'text-error' : 'text-fg-muted'}
        />
      </button>
      <button
        type="button"
        onClick={onEdit}
        className="hover:bg-muted min-w-0 flex-1 cursor-pointer rounded-xl px-2 py-1.5 text-left"
      >
        <span className="block truncate font-medium">
          {food.name}
          {food.brand ? <span className="text-fg-muted font-normal"> · {food.brand}</span> : null}
          {food.recipe ? (
            <span className="bg-primary-soft text-fg ml-2 rounded-md px-1.5 py-px align-middle text-[0.6875rem] font-semibold">
              {t(food.recipe.kind === 'meal' ? 'savedMeal' : 'recipe')}
            </span>
          ) : null}
        </span>
        <span className="text-fg-muted block truncate text-xs tabular-nums">
          {food.recipe?.kind === 'meal' && food.serving ? (
            // A saved meal is eaten whole: its kcal and how many foods it holds, not figures per 100 g.
            calm ? (
              tDiary('foodCount', { count: food.recipe.ingredients.length })
            ) : (
              tDiary('savedMealDetail', {
                energy: energy((food.kcal * food.serving.grams) / 100),
                count: food.recipe.ingredients.length,
              })
            )
          ) : (
            <>
              {calm ? null : `${energy(food.kcal, 1)} · `}
              {t('macrosLine', {
                protein: formatNumber(food.protein),
                fat: formatNumber(food.fat),
                carbs: formatNumber(food.carbs),
              })}
              {food.serving
                ? ` · ${t('servingValue', { label: servingLabel(food.serving.label), grams: formatNumber(food.serving.grams) })}`
                : ''}
            </>
          )}
        </span>
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`${t('delete')}: ${food.name}`}
        className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
      >
        <Icon name="trash" />
      </button>
    </li>
  );
}

function CatalogSection({
  count,
  filtered,
  category,
  onCategory,
  items,
  locale,
  onCopy,
}: {
  count: number;
  /** A search or a category is applied: an empty list then means nothing matched. */
  filtered: boolean;
  category: CatalogCategory | null;
  onCategory: (category: CatalogCategory | null) => void;
  items: readonly CatalogFood[];
  locale: Locale;
  onCopy: (food: CatalogFood) => void;
}) {
  const t = useTranslations('food');
  const formatNumber = useFormatNumber();
  const { energy } = useUnitFormat();
  const calm = useCalm();
  return (
    <section aria-labelledby="catalog">
      <h2 id="catalog" className="font-semibold">
        {t('catalogTitle')}
      </h2>
      {/* The catalog loads with the page's view: until then (count 0), keep the line's place. */}
      {/* Two lines kept on a phone, where the lead wraps: the chips below do not move when it comes. */}
      <p className="text-fg-muted mb-3 min-h-[2lh] text-sm md:min-h-0">
        {count > 0 ? t('catalogLead', { count }) : '\u00a0'}
      </p>
      <ToggleGroup
        aria-label={t('categoriesLabel')}
        variant="chips"
        allowNone
        value={category ?? ''}
        onValueChange={(next) => onCategory(next ? (next as CatalogCategory) : null)}
        className="mb-3"
      >
        {catalogCategories.map((key) => (
          <ToggleGroupItem key={key} value={key}>
            {t(`categories.${key}`)}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      {!filtered ? <p className="text-fg-muted text-sm">{t('browseHint')}</p> : null}
      {filtered && count > 0 && items.length === 0 ? (
        <p className="text-fg-muted py-4 text-center text-sm">{t('noResults')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul
          className="border-border bg-surface divide-border divide-y overflow-hidden rounded-3xl border"
          data-testid="catalog-list"
        >
          {items.map((food) => (
            <li key={food.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="catalog-row">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{food[locale]}</span>
                <span className="text-fg-muted block text-xs tabular-nums">
                  {calm ? null : `${energy(food.kcal, 1)} · `}
                  {t('macrosLine', {
                    protein: formatNumber(food.protein),
                    fat: formatNumber(food.fat),
                    carbs: formatNumber(food.carbs),
                  })}
                </span>
              </span>
              <Button type="button" variant="secondary" size="sm" onClick={() => onCopy(food)}>
                <Icon name="copy" />
                <span className="hidden sm:inline">{t('copyToLibrary')}</span>
                <span className="sr-only sm:hidden">{`${t('copyToLibrary')}: ${food[locale]}`}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
