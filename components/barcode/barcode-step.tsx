'use client';

import { useUnitFormat } from '@/lib/hooks/use-units';
import { kcalToKj } from '@/lib/units/units';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { FoodForm } from '@/components/food/food-form';
import { StorageFullError, useCreateFood, useFoods } from '@/lib/data';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { checkBarcode, type BarcodeProblem } from '@/lib/barcode/check';
import { lookupProduct, type ProductLookup } from '@/lib/barcode/lookup';
import { hasAllFigures } from '@/lib/barcode/open-food-facts';
import { withKnown } from '@/lib/diary/nutrients';
import type { Food, FoodInput } from '@/lib/schemas/food';
import type { Product } from '@/lib/schemas/product';
import { BarcodeScanner } from './barcode-scanner';

type Phase =
  | { kind: 'scanning' }
  /** A barcode being typed after a lookup: the last lookup's card is gone, the camera stays off. */
  | { kind: 'typing' }
  | { kind: 'looking'; barcode: string }
  | { kind: 'result'; lookup: Exclude<ProductLookup, { kind: 'invalid' }>; barcode: string }
  /** The food form, prefilled with what Open Food Facts has (or empty for an unknown barcode). */
  | { kind: 'complete'; draft: Partial<Food> };

const OPEN_FOOD_FACTS_PRODUCT = 'https://world.openfoodfacts.org/product/';
const ODBL = 'https://opendatacommons.org/licenses/odbl/1-0/';

const normalise = (text: string | null | undefined) =>
  (text ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The user's food of the same name and brand, so scanning a product again adds no duplicate. */
export function findSameFood(
  foods: readonly Food[],
  product: { name: string; brand: string | null },
): Food | undefined {
  return foods.find(
    (food) =>
      normalise(food.name) === normalise(product.name) && normalise(food.brand) === normalise(product.brand),
  );
}

function draftFrom(product: Product): Partial<Food> {
  return {
    name: product.name ?? '',
    brand: product.brand,
    kcal: product.kcal ?? undefined,
    protein: product.protein ?? undefined,
    fat: product.fat ?? undefined,
    carbs: product.carbs ?? undefined,
    ...withKnown(product.nutrients),
    serving: product.serving,
  };
}

/**
 * The add-food dialog's barcode step: the camera (loaded when the step opens) or a typed barcode,
 * the product Open Food Facts has for it, and then the food to log: the user's own food of the
 * same name and brand, else a new one in their library (guests and accounts alike, offline
 * accounts through their outbox). A product with missing figures opens the food form first.
 */
export function BarcodeStep({ onBack, onFood }: { onBack: () => void; onFood: (food: Food) => void }) {
  const t = useTranslations('barcode');
  const tFood = useTranslations('food');
  const locale = useLocale() as Locale;
  const createFood = useCreateFood();
  const foods = useFoods().data;
  const [phase, setPhase] = useState<Phase>({ kind: 'scanning' });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const lookupAbort = useRef<AbortController | null>(null);

  useEffect(() => () => lookupAbort.current?.abort(), []);

  const look = useCallback(
    async (barcode: string) => {
      lookupAbort.current?.abort();
      const abort = new AbortController();
      lookupAbort.current = abort;
      setSaveError(null);
      setPhase({ kind: 'looking', barcode });
      try {
        const lookup = await lookupProduct(barcode, locale, { signal: abort.signal });
        if (abort.signal.aborted) return;
        if (lookup.kind === 'found') performance.mark('scan:found');
        // A barcode reaches here checked already; 'invalid' would only come from a server that disagrees.
        setPhase(
          lookup.kind === 'invalid'
            ? { kind: 'result', lookup: { kind: 'unavailable', retryAfter: null }, barcode }
            : { kind: 'result', lookup, barcode },
        );
      } catch {
        // Aborted: the step closed or another lookup started.
      }
    },
    [locale],
  );

  async function takeProduct(product: Product) {
    if (!hasAllFigures(product)) {
      setPhase({ kind: 'complete', draft: draftFrom(product) });
      return;
    }
    const existing = findSameFood(foods ?? [], product);
    if (existing) {
      onFood(existing);
      return;
    }
    const input: FoodInput = {
      name: product.name,
      brand: product.brand,
      kcal: product.kcal,
      protein: product.protein,
      fat: product.fat,
      carbs: product.carbs,
      ...withKnown(product.nutrients),
      serving: product.serving,
      favorite: false,
    };
    setSaving(true);
    setSaveError(null);
    try {
      onFood(await createFood.mutateAsync(input));
    } catch (failure) {
      setSaveError(failure instanceof StorageFullError ? tFood('errors.storageFull') : t('saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  if (phase.kind === 'complete') {
    return (
      <div className="grid gap-4">
        <BackButton onClick={() => setPhase({ kind: 'scanning' })}>{t('scanAgain')}</BackButton>
        <FoodForm
          food={phase.draft}
          submitLabel={tFood('create')}
          onCancel={() => setPhase({ kind: 'scanning' })}
          onSubmit={async (input) => onFood(await createFood.mutateAsync(input))}
        />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="scan-product">
      <BackButton onClick={onBack}>{t('back')}</BackButton>
      {phase.kind === 'scanning' ? <BarcodeScanner onDetected={(barcode) => void look(barcode)} /> : null}
      {phase.kind === 'looking' ? (
        <p
          role="status"
          className="bg-muted flex items-center gap-2.5 rounded-2xl px-4 py-3.5 text-sm font-medium"
          data-testid="scan-looking"
        >
          <Icon name="spinner" className="text-primary animate-spin text-lg" />
          {t('lookingUp', { barcode: phase.barcode })}
        </p>
      ) : null}
      {phase.kind === 'result' ? (
        <LookupResult
          lookup={phase.lookup}
          barcode={phase.barcode}
          saving={saving}
          saveError={saveError}
          onUse={(product) => void takeProduct(product)}
          onCreate={() => setPhase({ kind: 'complete', draft: {} })}
          onRetry={() => void look(phase.barcode)}
          onScanAgain={() => setPhase({ kind: 'scanning' })}
        />
      ) : null}
      {phase.kind === 'scanning' ||
      phase.kind === 'typing' ||
      (phase.kind === 'result' && phase.lookup.kind !== 'found') ? (
        <TypedBarcode
          onSubmit={(barcode) => void look(barcode)}
          // The card of the last lookup speaks of another barcode once this one is edited: one
          // message at a time, so the field's own error never shows beside an older card.
          onEdit={() => phase.kind === 'result' && setPhase({ kind: 'typing' })}
        />
      ) : null}
    </div>
  );
}

function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-fg-muted hover:text-fg flex w-fit cursor-pointer items-center gap-1.5 text-sm"
    >
      <Icon name="back" />
      {children}
    </button>
  );
}

/** The barcode typed by hand: digits on a phone's keypad, checked before anything is sent. */
function TypedBarcode({ onSubmit, onEdit }: { onSubmit: (barcode: string) => void; onEdit: () => void }) {
  const t = useTranslations('barcode');
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<BarcodeProblem | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkBarcode(value);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    onSubmit(check.barcode);
  }

  return (
    <form onSubmit={submit} noValidate className="flex items-start gap-2" data-testid="typed-barcode">
      <Field
        id={id}
        label={t('barcode')}
        error={problem ? t(`invalid.${problem}`) : undefined}
        hint={t('barcodeHint')}
        className="min-w-0 flex-1"
      >
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={LIMITS.barcodeInput.max}
          invalid={problem !== null}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem) setProblem(null);
            onEdit();
          }}
          className="tabular-nums tracking-wide"
        />
      </Field>
      <Button type="submit" variant="secondary" className="mt-[1.625rem] h-11">
        <Icon name="search" className="text-lg" />
        {t('find')}
      </Button>
    </form>
  );
}

function LookupResult({
  lookup,
  barcode,
  saving,
  saveError,
  onUse,
  onCreate,
  onRetry,
  onScanAgain,
}: {
  lookup: Exclude<ProductLookup, { kind: 'invalid' }>;
  barcode: string;
  saving: boolean;
  saveError: string | null;
  onUse: (product: Product) => void;
  onCreate: () => void;
  onRetry: () => void;
  onScanAgain: () => void;
}) {
  const t = useTranslations('barcode');
  switch (lookup.kind) {
    case 'found': {
      const complete = hasAllFigures(lookup.product);
      return (
        <>
          <ProductCard product={lookup.product} />
          <FormError>{saveError}</FormError>
          <div className="grid gap-2">
            <Button size="lg" disabled={saving} onClick={() => onUse(lookup.product)}>
              <Icon name={complete ? 'plus' : 'pencil'} className="text-lg" />
              {complete ? t('useFood') : t('completeFood')}
            </Button>
            <Button variant="ghost" onClick={onScanAgain}>
              <Icon name="scan" className="text-lg" />
              {t('scanAgain')}
            </Button>
          </div>
        </>
      );
    }
    case 'not_found':
      return (
        <Notice icon="search" testId="scan-not-found">
          <p>{t('notFound', { barcode })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={onCreate}>
              <Icon name="plus" />
              {t('createFood')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onScanAgain}>
              <Icon name="scan" />
              {t('scanAgain')}
            </Button>
          </div>
        </Notice>
      );
    case 'unavailable':
    case 'offline':
      return (
        <Notice icon={lookup.kind === 'offline' ? 'offline' : 'warning'} testId="scan-unavailable">
          <p>
            {lookup.kind === 'offline'
              ? t('offline')
              : lookup.retryAfter
                ? t('busy', { seconds: lookup.retryAfter })
                : t('unavailable')}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={onRetry}>
              <Icon name="refresh" />
              {t('tryAgain')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onScanAgain}>
              <Icon name="scan" />
              {t('scanAgain')}
            </Button>
          </div>
        </Notice>
      );
    default: {
      const never: never = lookup;
      return never;
    }
  }
}

function Notice({
  icon,
  testId,
  children,
}: {
  icon: 'search' | 'warning' | 'offline';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div role="status" data-testid={testId} className="bg-muted flex gap-3 rounded-2xl px-4 py-3.5 text-sm">
      <Icon name={icon} className="text-fg-muted mt-0.5 shrink-0 text-lg" />
      <div className="min-w-0 flex-1 wrap-anywhere">{children}</div>
    </div>
  );
}

/** What Open Food Facts has: name, brand, the figures per 100 g, the serving, and whose data it is. */
function ProductCard({ product }: { product: Product }) {
  const t = useTranslations('barcode');
  const tDiary = useTranslations('diary');
  const format = useFormatter();
  const { units, energyName } = useUnitFormat();
  const number = (value: number | null) =>
    value === null ? '—' : format.number(value, { maximumFractionDigits: 1 });
  const figures = [
    {
      key: 'kcal',
      label: energyName,
      value: product.kcal === null || units.energy === 'kcal' ? product.kcal : kcalToKj(product.kcal),
    },
    { key: 'protein', label: tDiary('protein'), value: product.protein },
    { key: 'fat', label: tDiary('fat'), value: product.fat },
    { key: 'carbs', label: tDiary('carbs'), value: product.carbs },
  ] as const;
  const complete = hasAllFigures(product);
  return (
    <section className="border-border grid gap-3.5 rounded-2xl border p-4" data-testid="scanned-product">
      <div className="min-w-0 wrap-anywhere">
        <p className="text-lg leading-snug font-semibold" data-testid="scanned-name">
          {product.name ?? t('unnamed')}
        </p>
        <p className="text-fg-muted mt-0.5 text-sm">
          {product.brand ? `${product.brand} · ` : ''}
          <span className="tabular-nums">{product.barcode}</span>
        </p>
      </div>
      <div>
        <h3 className="text-fg-muted mb-1.5 text-xs font-semibold tracking-wide uppercase">{t('per100')}</h3>
        <dl className="grid grid-cols-4 gap-2">
          {figures.map((figure) => (
            <div
              key={figure.key}
              className={
                figure.value === null
                  ? 'rounded-xl border border-dashed border-amber-400/70 px-1 py-2 text-center'
                  : 'bg-muted rounded-xl px-1 py-2 text-center'
              }
            >
              <dt className="text-fg-muted truncate text-xs">{figure.label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`scanned-${figure.key}`}>
                {number(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="text-sm" data-testid="scanned-serving">
        {product.serving
          ? t('serving', { label: product.serving.label, grams: number(product.serving.grams) })
          : t('noServing')}
      </p>
      {complete ? null : (
        <p
          role="status"
          className="rounded-xl border border-amber-400/50 bg-amber-400/10 px-3.5 py-2.5 text-sm"
        >
          {t('incomplete')}
        </p>
      )}
      <p className="text-fg-muted border-border border-t pt-3 text-xs" data-testid="scan-attribution">
        {t.rich('attribution', {
          off: (chunks) => (
            <a
              href={`${OPEN_FOOD_FACTS_PRODUCT}${product.barcode}`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-fg inline-flex items-center gap-0.5 font-medium underline underline-offset-2"
            >
              {chunks}
              <Icon name="externalLink" className="text-[0.85em]" />
            </a>
          ),
          license: (chunks) => (
            <a href={ODBL} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
              {chunks}
            </a>
          ),
        })}
      </p>
    </section>
  );
}
