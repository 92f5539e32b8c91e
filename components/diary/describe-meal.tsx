'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/lib/ui/cn';
import { matchPhrase, pickFor, type MatchNote, type PhraseMatch } from '@/lib/diary/phrase-match';
import { PHRASE_MAX_LENGTH } from '@/lib/diary/phrase-reader';
import { namedMeals, type Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import type { Locale } from '@/lib/i18n/config';
import { useFoodIndex, type FoundFood } from '@/lib/hooks/use-food-index';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { DictationButton } from './dictation-button';
import { SeveralFoodsForm, type SeveralItem } from './several-foods-form';

/** Other foods a row offers beside the one read. */
const CHOICES = 5;

type DescribeMealProps = {
  date: string;
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  /** What the box starts with: several foods typed in the search, or nothing. */
  initialText: string;
  onBack: () => void;
  /** Searches for words that found no food, so the user can pick or create one. */
  onSearch: (words: string) => void;
  onDone: () => void;
};

/**
 * Describe a meal (issue 49): what was eaten, typed, pasted or dictated in either language, read
 * on this device (lib/diary/phrase-match.ts) into foods with amounts, and shown as rows to check,
 * change or leave out before one "Add N foods" (the step Pick several uses). Words that found no
 * food are named with a way to search for them, never dropped.
 */
export function DescribeMeal({
  date,
  meal,
  onMealChange,
  initialText,
  onBack,
  onSearch,
  onDone,
}: DescribeMealProps) {
  const t = useTranslations('diary');
  const locale = useLocale() as Locale;
  const formatNumber = useFormatNumber();
  const { foodWeight } = useUnitFormat();
  const boxId = useId();
  const [text, setText] = useState(initialText);
  // Reading a long description on each key could hold up typing on a phone: React reads the
  // latest text when it has time.
  const described = useDeferredValue(text);
  const { index, catalogLoaded, foodsLoaded, bridged } = useFoodIndex(undefined, described);
  const ready = catalogLoaded && foodsLoaded;
  const { plan } = useMeals();
  const named = useMemo(() => namedMeals(plan), [plan]);
  const reading = useMemo(
    () =>
      ready && described.trim()
        ? matchPhrase(
            described,
            (words, limit) => index.ranked(words, limit),
            (found) => found.food,
            locale,
            named,
          )
        : null,
    [ready, described, index, locale, named],
  );

  // "… for breakfast" sets the meal; choosing another meal afterwards keeps the user's choice.
  const namedMeal = reading?.meal ?? null;
  useEffect(() => {
    if (namedMeal) onMealChange(namedMeal);
    // Only a newly named meal acts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [namedMeal]);

  const noteOf = (match: PhraseMatch<FoundFood>): string | null => {
    const said = match.notes.map((note: MatchNote) => {
      switch (note.kind) {
        case 'measure-missing':
          return t('describe.measureMissing', {
            measure: note.measure,
            weight: foodWeight(match.grams ?? 0),
          });
        case 'volume-as-water':
          return t('describe.volumeAsWater');
        case 'unread':
          return t('describe.unread', { text: note.text });
        case 'no-food':
          return null;
        case 'words-missing':
          return t('describe.wordsMissing');
        default: {
          const never: never = note;
          return never;
        }
      }
    });
    const notes = said.filter((note): note is string => note !== null);
    if (notes.length === 0 && match.sure === 'guess') return t('describe.check');
    return notes.length > 0 ? notes.join(' ') : null;
  };

  const items = useMemo<SeveralItem[]>(() => {
    if (!reading) return [];
    const seen = new Map<string, number>();
    return reading.matches.flatMap((match) => {
      if (!match.found || !match.pick) return [];
      // A row is known by its words, so typing further keeps the rows already changed.
      const words = match.item.text.trim().toLocaleLowerCase(locale);
      const occurrence = (seen.get(words) ?? 0) + 1;
      seen.set(words, occurrence);
      const alternatives = match.alternatives
        .filter((found) => found.own?.recipe?.kind !== 'meal')
        .slice(0, CHOICES)
        .map((found) => pickFor(match.item, found.food, locale));
      return [
        {
          key: `${words}#${occurrence}`,
          ...match.pick,
          choices: [match.pick, ...alternatives],
          note: noteOf(match),
          said: match.item.text,
        },
      ];
    });
    // noteOf reads only the translations and the unit format, which change with the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reading, locale]);
  const unfound = reading?.matches.filter((match) => !match.found) ?? [];

  /** A phrase heard is added as an item of its own. */
  function addHeard(heard: string) {
    setText((current) => {
      const joined = current.trim() ? `${current.replace(/\s+$/, '')}\n${heard}` : heard;
      return joined.slice(0, PHRASE_MAX_LENGTH);
    });
  }

  return (
    <div className="grid gap-4" data-testid="describe-meal">
      <BackButton label={t('back')} onClick={onBack} />
      <div className="grid gap-2">
        <label htmlFor={boxId} className="text-sm font-semibold">
          {t('describe.label')}
        </label>
        <textarea
          id={boxId}
          autoFocus
          rows={3}
          value={text}
          maxLength={PHRASE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('describe.placeholder')}
          aria-describedby={`${boxId}-hint`}
          className={cn(inputClass, 'h-auto min-h-24 resize-y py-2.5 leading-relaxed')}
        />
        <p id={`${boxId}-hint`} className="text-fg-muted text-xs">
          {t('describe.hint')}
        </p>
        {reading?.truncated ? (
          <p className="text-error text-sm" role="alert">
            {t('describe.truncated', { max: formatNumber(PHRASE_MAX_LENGTH) })}
          </p>
        ) : null}
      </div>
      <DictationButton onText={addHeard} />
      {unfound.length > 0 ? (
        <ul className="grid gap-2" data-testid="describe-unfound">
          {unfound.map((match, i) => {
            const words = match.item.food || match.item.text;
            return (
              <li
                key={`${words}-${i}`}
                className="border-border flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed px-3 py-2"
              >
                <span className="min-w-0 text-sm wrap-anywhere">
                  {t('describe.notFound', { text: words })}
                </span>
                <Button type="button" variant="secondary" size="sm" onClick={() => onSearch(words)}>
                  {t('describe.searchFor', { text: words })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {!ready && text.trim() ? (
        <p className="text-fg-muted text-sm" role="status">
          {t('loading')}
        </p>
      ) : items.length > 0 ? (
        <SeveralFoodsForm items={items} date={date} meal={meal} onMealChange={onMealChange} onDone={onDone} />
      ) : unfound.length === 0 ? (
        <p className="text-fg-muted text-sm">{t('describe.nothingRead')}</p>
      ) : null}
      {/* Last, so its coming and going never moves a row under a finger. */}
      {bridged ? (
        <p className="text-fg-muted text-xs" data-testid="table-bridge-note">
          {t('tableBridge')}
        </p>
      ) : null}
    </div>
  );
}
