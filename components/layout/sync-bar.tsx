'use client';

import { useCalm } from '@/lib/hooks/use-calm';
import { useDayFormat } from '@/lib/hooks/use-day-format';
import { useUnitFormat } from '@/lib/hooks/use-units';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useDataMode, useOutbox, useRefreshAfterSync, useSyncStatus, type QueuedOperation } from '@/lib/data';
import { routes } from '@/lib/navigation/routes';
import { useEntryName } from '@/lib/hooks/use-entry-name';

/** How long "All changes synced" stays after the last change reached the server. */
const SYNCED_NOTICE_MS = 4_000;

/**
 * An account's sync state above the page: offline, changes waiting, synced; a change the server
 * refused, with its reason; a conflict with another device, with both versions and a choice.
 * A guest's diary lives in the browser and never waits for the network, so a guest sees none.
 */
export function SyncBar() {
  const mode = useDataMode();
  if (mode !== 'account') return null;
  return <AccountSyncBar />;
}

function AccountSyncBar() {
  const t = useTranslations('sync');
  const status = useSyncStatus();
  const outbox = useOutbox();
  useRefreshAfterSync();
  const recentlySynced = useRecently(status.syncedAt, SYNCED_NOTICE_MS);
  const waiting = status.pending;

  let line: { icon: 'offline' | 'refresh' | 'check' | 'lock'; text: string } | null = null;
  if (status.sessionEnded && waiting > 0)
    line = { icon: 'lock', text: t('sessionEnded', { count: waiting }) };
  else if (!status.online) line = { icon: 'offline', text: t('offline') };
  else if (waiting > 0)
    line = { icon: 'refresh', text: status.syncing ? t('syncing') : t('waiting', { count: waiting }) };
  else if (recentlySynced) line = { icon: 'check', text: t('synced') };

  if (!line && status.failed.length === 0 && status.conflicts.length === 0) return null;
  return (
    <div className="mb-4 grid gap-2 print:hidden" data-testid="sync-bar">
      {line ? (
        <p
          role="status"
          className="border-border bg-surface text-fg-muted flex items-center gap-2 rounded-xl border px-3 py-2 text-sm"
        >
          <Icon name={line.icon} className={line.icon === 'check' ? 'text-primary text-lg' : 'text-lg'} />
          <span className="flex-1">
            {line.text}
            {!status.online && waiting > 0 ? ` · ${t('waiting', { count: waiting })}` : null}
          </span>
          {status.sessionEnded && waiting > 0 ? (
            <Link href={routes.login} className="text-primary-strong font-semibold">
              {t('logIn')}
            </Link>
          ) : null}
        </p>
      ) : null}
      {status.failed.map((change) => (
        <FailedChange key={change.seq} change={change} onDiscard={() => void outbox.discard(change.seq)} />
      ))}
      {status.conflicts.map((change) => (
        <Conflict
          key={change.seq}
          change={change}
          onKeepMine={() => void outbox.keepMine(change.seq)}
          onKeepTheirs={() => void outbox.discard(change.seq)}
        />
      ))}
    </div>
  );
}

/** True for `ms` after `since` changes to a new time. */
function useRecently(since: number | null, ms: number): boolean {
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (since === null) return;
    const show = setTimeout(() => setShown(since), 0);
    const hide = setTimeout(() => setShown((current) => (current === since ? null : current)), ms);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [since, ms]);
  return shown !== null;
}

// What useEntryName is given for a change that is not an entry's (the hook runs either way).
const NO_ENTRY = { food: null, unit: 'g', name: '' } as const;

/** The entry a change writes whole, if it writes one. */
const entryOf = (change: QueuedOperation) =>
  change.kind === 'changeDay' && change.change.kind === 'putEntry' ? change.change.entry : null;

/** A change as the user knows it: an entry by its shown name, a change of a day by its date. */
function useChangeName(change: QueuedOperation): string {
  const t = useTranslations('sync.what');
  const calendar = useDayFormat();
  const entryName = useEntryName(entryOf(change) ?? NO_ENTRY);
  switch (change.kind) {
    case 'changeDay': {
      const { kind } = change.change;
      if (kind === 'putEntry') return t('entry', { name: entryName });
      return t(`day.${kind}`, { date: calendar.day(change.date, { dateStyle: 'medium' }) });
    }
    case 'createFood':
    case 'updateFood':
      return t('food', { name: change.input.name });
    case 'deleteFood':
      return t('food', { name: String(change.id) });
    case 'updateSettings':
      return t('settings');
  }
}

function FailedChange({ change, onDiscard }: { change: QueuedOperation; onDiscard: () => void }) {
  const t = useTranslations('sync');
  const name = useChangeName(change);
  return (
    <div
      role="alert"
      className="border-error/40 bg-error/10 grid gap-2 rounded-xl border px-3 py-2.5 text-sm"
    >
      <p className="font-semibold">{t('failedTitle', { what: name })}</p>
      <p>{t('failedReason', { reason: change.error ?? '?' })}</p>
      <Button variant="secondary" size="sm" className="w-fit" onClick={onDiscard}>
        <Icon name="trash" />
        {t('discard')}
      </Button>
    </div>
  );
}

function Conflict({
  change,
  onKeepMine,
  onKeepTheirs,
}: {
  change: QueuedOperation;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
}) {
  const t = useTranslations('sync');
  const { energy, foodWeight } = useUnitFormat();
  const calm = useCalm();
  const mine = entryOf(change);
  const name = useEntryName(mine ?? NO_ENTRY);
  if (!mine) return null;
  // Each version by its energy, or in calm mode by its weight (a quick add has none to show).
  const figure = (entry: { kcal: number; grams: number | null }) =>
    !calm ? energy(entry.kcal) : entry.grams === null ? '—' : foodWeight(entry.grams);
  return (
    <div
      role="alert"
      data-testid="sync-conflict"
      className="border-secondary/50 bg-secondary/10 grid gap-2 rounded-xl border px-3 py-2.5 text-sm"
    >
      <p className="font-semibold">{t('conflictTitle', { name })}</p>
      <ul className="grid gap-0.5">
        <li>{t('mine', { energy: figure(mine) })}</li>
        <li>{change.theirs ? t('theirs', { energy: figure(change.theirs) }) : t('conflictDeleted')}</li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onKeepMine}>
          {t('keepMine')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onKeepTheirs}>
          {t('keepTheirs')}
        </Button>
      </div>
    </div>
  );
}
