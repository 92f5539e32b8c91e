import { screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { ImportFiles } from '@/components/settings/import-files';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import type { MealSlot } from '@/lib/diary/meals';
import { locales } from '@/lib/i18n/config';
import { readAsDiaryExport } from '@/lib/importers/read-as-export';
import type { ImportOptions } from '@/lib/importers/types';
import type { Settings } from '@/lib/schemas/settings';
import { FOUR_MEALS } from '../support/foreign-import';
import { messages, renderInDiary } from './render';

// An import of another app's diary adds the meals of the user's own it found to the user's meals,
// in the guest's storage as the account's (through the repository both implement). The worker
// that reads the files is the e2e tier's; here its same reading runs on the page's thread.
vi.mock('@/lib/importers/read-in-worker', () => ({
  readInWorker: async (files: File[], options: ImportOptions, settings: Settings) =>
    readAsDiaryExport({
      files: await Promise.all(
        files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
      ),
      options,
      settings,
    }),
}));

// Taking a diary file's settings reloads the page's language and theme: not this test's.
vi.mock('@/lib/preferences/from-settings', () => ({ useFollowSettings: () => () => undefined }));

const HEADER =
  'Date,Meal,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,' +
  'Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note';
const SUMMARY = [
  HEADER,
  '2024-07-02,Breakfast,300,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,',
  '2024-07-02,Pre-workout,120,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,',
  '2024-07-02,Полдник,150,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,',
].join('\n');

const own = (id: MealSlot['id'], name: string): MealSlot => ({ id, name, hidden: false });
const guest = () => new GuestRepository(localStorage);

/** Picks the summary in the import and waits for its preview. */
async function preview(locale: (typeof locales)[number], meals: MealSlot[] | null) {
  const settings = await guest().updateSettings({ meals });
  const { user } = renderInDiary(<ImportFiles settings={settings} />, { locale });
  const file = new File([SUMMARY], 'Nutrition-Summary-2024-07-02-to-2024-07-02.csv', { type: 'text/csv' });
  await user.upload(screen.getByTestId('import-file'), file);
  await screen.findByTestId('import-preview');
  return user;
}

describe.each(locales)('importing another app’s meals in %s', (locale) => {
  const t = messages[locale].settings.importers;

  it('names the meals it adds, finds the user’s own by name, and adds the rest to the user’s meals', async () => {
    const user = await preview(locale, [...FOUR_MEALS, own('meal5', 'pre-workout')]);
    const tImporters = createTranslator({
      locale,
      messages: messages[locale],
      namespace: 'settings.importers',
    });
    expect(screen.getByText(tImporters('newMeals', { count: 1, names: 'Полдник' }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await screen.findByTestId('import-result');
    expect((await guest().getSettings()).meals).toEqual([
      ...FOUR_MEALS,
      own('meal5', 'pre-workout'),
      own('meal6', 'Полдник'),
    ]);
    const day = await guest().getDay('2024-07-02');
    expect(day!.entries.map((entry) => [entry.kcal, entry.meal])).toEqual([
      [300, 'breakfast'],
      [120, 'meal5'],
      [150, 'meal6'],
    ]);
  });

  it('never takes a slot filled after the preview: the next free one holds the new meal', async () => {
    const user = await preview(locale, null);
    // Another tab adds a meal of the user's own meanwhile, in the slot the preview would take.
    await guest().updateSettings({ meals: [...FOUR_MEALS, own('meal5', 'Second breakfast')] });
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await screen.findByTestId('import-result');
    expect((await guest().getSettings()).meals).toEqual([
      ...FOUR_MEALS,
      own('meal5', 'Second breakfast'),
      own('meal6', 'Pre-workout'),
      own('meal7', 'Полдник'),
    ]);
    const day = await guest().getDay('2024-07-02');
    expect(day!.entries.map((entry) => [entry.kcal, entry.meal])).toEqual([
      [300, 'breakfast'],
      [120, 'meal6'],
      [150, 'meal7'],
    ]);
  });
});
