'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { useDays } from '@/lib/data';
import { dayNumber } from '@/lib/diary/dates';
import { routes } from '@/lib/navigation/routes';
import { Card } from './card';
import { NUTRIENT_STATS_MAX_DAYS } from './nutrient-stats';

/** At most this many notes are listed; the count says how many more matched. */
const SHOWN = 50;

/**
 * The period's day notes, searched as one types (issue 52): each match with its date, which opens
 * that day. The period's days are read only once the search is first focused, as the nutrients
 * below are only on demand: the sums above the page do not need them.
 */
export function NoteSearch({ from, to }: { from: string; to: string }) {
  const t = useTranslations('stats.notes');
  const format = useFormatter();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const enabled = dayNumber(to) - dayNumber(from) + 1 <= NUTRIENT_STATS_MAX_DAYS;
  const days = useDays(from, to, wanted && enabled);
  const words = useDeferredValue(query.trim().toLocaleLowerCase());

  const found = useMemo(
    () =>
      // Each note is searched once; where its words are is kept for the mark.
      (days.data ?? [])
        .flatMap(({ date, details }) => {
          const note = details?.note;
          const at = note ? note.toLocaleLowerCase().indexOf(words) : -1;
          return note && at >= 0 ? [{ date, note, at }] : [];
        })
        .reverse(),
    [days.data, words],
  );

  return (
    <Card title={t('title')} testId="note-search">
      {enabled ? (
        <div className="grid gap-3">
          <label htmlFor={inputId} className="sr-only">
            {t('search')}
          </label>
          <input
            id={inputId}
            type="search"
            value={query}
            placeholder={t('search')}
            onFocus={() => setWanted(true)}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClass}
            autoComplete="off"
          />
          {!wanted ? (
            <p className="text-fg-muted text-sm">{t('hint')}</p>
          ) : !days.data ? (
            <div className="bg-muted h-16 animate-pulse rounded-2xl" aria-hidden="true" />
          ) : found.length === 0 ? (
            <p className="text-fg-muted text-sm" role="status">
              {words ? t('noMatch') : t('none')}
            </p>
          ) : (
            <>
              <p className="text-fg-muted text-xs" role="status">
                {t('found', { count: found.length })}
              </p>
              <ul className="divide-border grid divide-y" data-testid="note-results">
                {found.slice(0, SHOWN).map(({ date, note, at }) => (
                  <li key={date} className="grid gap-1 py-2">
                    <Link
                      href={`${routes.dashboard}?date=${date}`}
                      className="text-primary-strong text-sm font-semibold hover:underline"
                    >
                      {format.dateTime(new Date(`${date}T00:00:00Z`), {
                        dateStyle: 'full',
                        timeZone: 'UTC',
                      })}
                    </Link>
                    <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap">
                      <Marked text={note} at={at} length={words.length} />
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <p className="text-fg-muted text-sm">
          {t('upToYear', { days: format.number(NUTRIENT_STATS_MAX_DAYS) })}
        </p>
      )}
    </Card>
  );
}

/** `text` with the `length` characters from `at` marked (none when `length` is 0). */
function Marked({ text, at, length }: { text: string; at: number; length: number }) {
  if (length === 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-800">
        {text.slice(at, at + length)}
      </mark>
      {text.slice(at + length)}
    </>
  );
}
