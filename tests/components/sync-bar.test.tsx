import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncBar } from '@/components/layout/sync-bar';
import { updateSyncStatus } from '@/lib/data/sync-status';
import type { QueuedOperation } from '@/lib/data';
import { locales } from '@/lib/i18n/config';
import { entry } from '../support/fixtures';
import { fill, messages, renderInDiary } from './render';

// The account's sync bar names each change the server refused as the user knows it (an entry
// by its name, a change of a day by what and when) and shows a conflict's two versions, in both
// languages. Its account mode and outbox are the e2e tier's (account-offline.spec.ts); here they
// stand in, so the bar is drawn for what the outbox says.
const outbox = vi.hoisted(() => ({ discard: vi.fn(), keepMine: vi.fn() }));
vi.mock('@/lib/data', async (original) => ({
  ...(await original<typeof import('@/lib/data')>()),
  useDataMode: () => 'account',
  useOutbox: () => outbox,
  useRefreshAfterSync: () => undefined,
}));

afterEach(() => act(() => updateSyncStatus({ failed: [], conflicts: [], pending: 0, online: true })));

const DATE = '2026-12-06';
const queued = { queuedAt: '2026-12-06T09:00:00.000Z', attempts: 1, error: 'waterRange' } as const;
const dateText = { en: 'Dec 6, 2026', ru: '6 дек. 2026 г.' } as const;

describe.each(locales)('the sync bar in %s', (locale) => {
  const t = messages[locale].sync;

  it('names each refused change by what it was, and offers to discard it', async () => {
    const soup = entry({ name: 'Pumpkin soup' });
    const failed: QueuedOperation[] = [
      {
        ...queued,
        seq: 1,
        state: 'failed',
        kind: 'changeDay',
        date: DATE,
        change: { kind: 'setWater', water: 9 },
      },
      {
        ...queued,
        seq: 2,
        state: 'failed',
        kind: 'changeDay',
        date: DATE,
        change: { kind: 'putEntry', entry: soup },
      },
      { ...queued, seq: 3, state: 'failed', kind: 'updateSettings', patch: { currentGoal: 1 } },
    ];
    const { user } = renderInDiary(<SyncBar />, { locale });
    act(() => updateSyncStatus({ failed }));
    const titles = screen.getAllByText(
      (_, element) => element?.tagName === 'P' && element.className.includes('font-semibold'),
    );
    expect(titles.map((title) => title.textContent)).toEqual([
      fill(t.failedTitle, { what: fill(t.what.day.setWater, { date: dateText[locale] }) }),
      fill(t.failedTitle, { what: fill(t.what.entry, { name: 'Pumpkin soup' }) }),
      fill(t.failedTitle, { what: t.what.settings }),
    ]);
    await user.click(screen.getAllByRole('button', { name: t.discard })[0]!);
    expect(outbox.discard).toHaveBeenCalledWith(1);
  });

  it('shows a conflict’s two versions by their energy, and keeps the one chosen', async () => {
    const mine = entry({ name: 'Porridge', kcal: 300 });
    const conflict: QueuedOperation = {
      ...queued,
      seq: 7,
      state: 'conflict',
      kind: 'changeDay',
      date: DATE,
      change: { kind: 'putEntry', entry: mine },
      base: { day: null, entry: null },
      theirs: { ...mine, kcal: 450 },
    };
    const { user } = renderInDiary(<SyncBar />, { locale });
    act(() => updateSyncStatus({ conflicts: [conflict] }));
    const shown = screen.getByTestId('sync-conflict');
    expect(shown.textContent).toContain(fill(t.conflictTitle, { name: 'Porridge' }));
    expect(shown.textContent).toMatch(/300/);
    expect(shown.textContent).toMatch(/450/);
    await user.click(screen.getByRole('button', { name: t.keepMine }));
    expect(outbox.keepMine).toHaveBeenCalledWith(7);
  });
});
