'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { useChangeDay } from '@/lib/data';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { LIMITS } from '@/lib/limits';
import { cn } from '@/lib/ui/cn';

const MAX = LIMITS.dayNoteLength.max;
/** The count of characters shows once a note is this near its limit. */
const COUNT_FROM = MAX * 0.9;

/**
 * The day's note: free text (how the day went, what to remember), written in place. A note past
 * the limit stays in the box with how much is too much, and is not saved until it fits: nothing
 * typed is cut. Saving an empty note removes it. Ctrl+Enter saves, Escape leaves it as it was.
 */
export function NoteCard({ date, note }: { date: string; note: string }) {
  const t = useTranslations('diary.note');
  const formatNumber = useFormatNumber();
  const refusalMessage = useRefusalMessage();
  const changeDay = useChangeDay();
  const boxId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // What the user saved shows at once, before the store has answered.
  const asked = changeDay.isPending && changeDay.variables.date === date ? changeDay.variables.change : null;
  const shown =
    asked?.kind === 'setDetails' && asked.details.note !== undefined ? (asked.details.note ?? '') : note;
  const length = draft?.trim().length ?? 0;
  const over = length - MAX;

  function save() {
    if (draft === null || over > 0) return;
    const next = draft.trim();
    setFailure(null);
    changeDay.mutate(
      { date, change: { kind: 'setDetails', details: { note: next === '' ? null : next } } },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => setFailure(refusalMessage(error)),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(null);
      setFailure(null);
    }
  }

  return (
    <section
      aria-labelledby={`${boxId}-title`}
      className="border-border bg-surface grid gap-2 rounded-2xl border px-4 py-3"
      data-testid="note-card"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-amber-100 text-xl text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <Icon name="note" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-fg-muted text-xs" id={`${boxId}-title`}>
            {t('title')}
          </p>
          {draft === null && !shown ? (
            <p className="text-fg-muted truncate text-sm" data-testid="day-note">
              {t('none')}
            </p>
          ) : null}
        </div>
        {draft === null ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => setDraft(shown)}>
            <Icon name="pencil" />
            {shown ? t('edit') : t('add')}
          </Button>
        ) : null}
      </div>
      {draft === null && shown ? (
        <p className="line-clamp-6 text-sm break-words whitespace-pre-wrap" data-testid="day-note">
          {shown}
        </p>
      ) : null}
      {draft !== null ? (
        <div className="grid gap-2">
          <label htmlFor={boxId} className="sr-only">
            {t('label')}
          </label>
          <textarea
            id={boxId}
            autoFocus
            rows={4}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('placeholder')}
            aria-invalid={over > 0}
            aria-describedby={`${boxId}-message`}
            className={cn(inputClass, 'h-auto min-h-24 resize-y py-2.5 leading-relaxed')}
          />
          <p
            id={`${boxId}-message`}
            className={cn('text-xs', over > 0 || failure ? 'text-error' : 'text-fg-muted')}
            role={over > 0 || failure ? 'alert' : undefined}
          >
            {over > 0
              ? t('tooLong', { max: formatNumber(MAX), over: formatNumber(over) })
              : (failure ??
                (length >= COUNT_FROM
                  ? t('count', { count: formatNumber(length), max: formatNumber(MAX) })
                  : t('hint')))}
          </p>
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(null);
                setFailure(null);
              }}
            >
              {t('cancel')}
            </Button>
            <Button type="button" size="sm" disabled={over > 0 || changeDay.isPending} onClick={save}>
              {t('save')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
