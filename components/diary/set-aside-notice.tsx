'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { useDayProblems, useDeleteProblem, useRestoreProblem, type DataProblem } from '@/lib/data';
import { downloadText } from '@/lib/diary/export-files';
import { toast } from '@/lib/ui/toast-store';

/**
 * Shown in the diary when part of the day could not be read: entries set aside on their own, or
 * copies of the day an earlier version of the app kept aside. The rest of the day is shown and
 * writable as usual; here the user restores what can be read, exports it all, or deletes it.
 */
export function SetAsideNotice({ date }: { date: string }) {
  const t = useTranslations('diary.setAside');
  const problems = useDayProblems(date).data ?? [];
  const restore = useRestoreProblem();
  const remove = useDeleteProblem();
  const [confirming, setConfirming] = useState(false);
  if (problems.length === 0) return null;

  const copies = problems.filter((problem) => problem.restorable !== undefined);
  const entries = problems.length - copies.length;
  const restorable = copies.filter((problem) => problem.restorable);

  async function restoreAll() {
    let restored = 0;
    for (const problem of restorable) restored += (await restore.mutateAsync(problem.key)) ?? 0;
    toast({ title: t('restored', { count: restored }), variant: 'success' });
  }

  async function deleteAll() {
    // Set-aside entries are numbered within their day: delete from the last, so the rest keep theirs.
    for (const problem of [...problems].reverse()) await remove.mutateAsync(problem.key);
    toast({ title: t('deleted') });
  }

  return (
    <section
      aria-labelledby="set-aside-title"
      data-testid="set-aside-notice"
      className="grid gap-3 rounded-2xl border border-amber-400/50 bg-amber-400/10 p-4 text-sm"
    >
      <h2 id="set-aside-title" className="flex items-center gap-2 font-semibold">
        <Icon name="warning" className="text-lg text-amber-600 dark:text-amber-400" />
        {t('title')}
      </h2>
      {entries > 0 ? <p>{t('entries', { count: entries })}</p> : null}
      {copies.length > 0 ? <p>{t('copies', { count: copies.length })}</p> : null}
      <div className="flex flex-wrap gap-2">
        {restorable.length > 0 ? (
          <Button type="button" size="sm" disabled={restore.isPending} onClick={() => void restoreAll()}>
            {t('restore')}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="secondary" onClick={() => exportProblems(date, problems)}>
          {t('export')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('title')}
        confirmLabel={t('delete')}
        danger
        onConfirm={() => void deleteAll()}
      >
        {t('confirmDelete')}
      </ConfirmDialog>
    </section>
  );
}

/** Everything set aside for the day, as stored, in one JSON file. */
function exportProblems(date: string, problems: DataProblem[]) {
  const records = problems.map(({ key, reason, raw }) => ({ key, reason, raw }));
  downloadText(`set-aside-${date}.json`, JSON.stringify(records, null, 2), 'application/json');
}
