'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import type { Entry } from '@/lib/schemas/entry';
import { ServingAmount } from './serving-amount';
import { useDeleteEntryWithUndo } from './use-delete-entry';
import { useEntryName } from '@/lib/hooks/use-entry-name';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';

// The edit sheet's code loads on the first tap, not with the diary.
const loadEditDialog = () => import('./edit-entry-dialog');
const EditEntryDialog = dynamic(() => loadEditDialog().then((module) => module.EditEntryDialog), {
  ssr: false,
});

/**
 * One entry: name, amount, kcal (not in calm mode, where a quick add, whose amount is its kcal,
 * shows its name alone); tap to edit the amount or meal; trash to delete with Undo.
 */
export function EntryRow({ entry, date }: { entry: Entry; date: string }) {
  const t = useTranslations('diary');
  const { energy, energyNumber, foodWeight } = useUnitFormat();
  const deleteWithUndo = useDeleteEntryWithUndo();
  const [editing, setEditing] = useState(false);
  const editLoaded = useOnDemand(editing, loadEditDialog, () => setEditing(false));
  const name = useEntryName(entry);
  const calm = useCalm();

  // A quick add's amount is its kcal, which calm mode does not show.
  const amountShown = !(calm && entry.unit === 'kcal');

  const amountText =
    entry.unit === 'kcal' ? (
      energy(entry.kcal)
    ) : entry.unit === 'serving' ? (
      <ServingAmount entry={entry} />
    ) : (
      foodWeight(entry.amount)
    );

  const remove = () => deleteWithUndo(date, entry, name);

  return (
    <li className="group flex items-center gap-2" data-testid="entry-row">
      <button
        type="button"
        onClick={() => setEditing(true)}
        className="hover:bg-muted flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-left"
      >
        <span className="min-w-0 flex-1">
          <span className="sr-only">{`${t('editEntry')}: `}</span>
          <span className="block truncate font-medium">{name}</span>
          {amountShown ? (
            <span className="text-fg-muted block text-xs tabular-nums">{amountText}</span>
          ) : null}
        </span>
        {calm ? null : <span className="text-sm font-semibold tabular-nums">{energyNumber(entry.kcal)}</span>}
      </button>
      <button
        type="button"
        onClick={remove}
        aria-label={t('deleteEntry', { name })}
        className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
      >
        <Icon name="trash" />
      </button>
      {editing && editLoaded ? (
        <EditEntryDialog entry={entry} date={date} onClose={() => setEditing(false)} />
      ) : null}
    </li>
  );
}
