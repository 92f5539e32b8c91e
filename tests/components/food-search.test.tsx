import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FoodSearch } from '@/components/diary/food-search';
import { locales } from '@/lib/i18n/config';
import { messages, renderInDiary } from './render';

// The add dialog's search on a new diary says what its box is for, until there is something to
// list: a query typed, or a food of one's own. Finding and logging foods is the e2e tier's
// (tests/e2e/guest-diary.spec.ts, entry-paths.spec.ts).

const DATE = '2026-12-07';
const nothing = () => {};

// The USDA table's files, fetched once words are typed, are not this tier's: every request is
// refused, as offline, and the hint and the diary's own foods still show.
beforeEach(() => {
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});

function renderSearch(locale: (typeof locales)[number]) {
  return renderInDiary(
    <FoodSearch
      date={DATE}
      meal="lunch"
      onPick={nothing}
      onLog={nothing}
      onDescribe={nothing}
      onRepeat={nothing}
      onQuickAdd={nothing}
      onCreate={nothing}
      onPickSeveral={nothing}
    />,
    { locale },
  );
}

describe.each(locales)('the add dialog’s search in %s', (locale) => {
  const t = messages[locale].diary;

  it('says what the box is for on a new diary, and no more once something is typed', async () => {
    const { user } = renderSearch(locale);
    expect((await screen.findByTestId('add-search-hint')).textContent).toBe(t.searchHint);
    await user.type(screen.getByRole('combobox', { name: t.search }), 'хлеб');
    await waitFor(() => expect(screen.queryByTestId('add-search-hint')).toBeNull());
  });

  it('lists a food of one’s own instead of the hint', async () => {
    localStorage.setItem(
      'food-items',
      JSON.stringify([
        {
          id: 1,
          name: 'Бабушкин пирог',
          kcal: 250,
          protein: 6,
          fat: 12,
          carbs: 30,
          createdAt: '2026-11-01T08:00:00.000Z',
          updatedAt: '2026-11-01T08:00:00.000Z',
        },
      ]),
    );
    renderSearch(locale);
    expect(await screen.findByText('Бабушкин пирог')).toBeTruthy();
    expect(screen.queryByTestId('add-search-hint')).toBeNull();
  });
});
