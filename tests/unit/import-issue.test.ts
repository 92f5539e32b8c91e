// A diary file that cannot be imported is refused in the user's words: the field by its name and
// the value found, not zod's path and message ('exportedAt: Invalid input', issue 48).
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { diaryFileReader } from '@/lib/importers/diary-file';
import { importIssueText } from '@/lib/importers/import-issue';
import { ImportFileError } from '@/lib/importers/types';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { MemoryStorage } from '../support/memory-storage';

async function diaryFile() {
  const repository = new GuestRepository(new MemoryStorage());
  const food = await repository.createFood({ name: 'Oats', kcal: 370, protein: 13, fat: 6.5, carbs: 60 });
  await repository.changeDay('2026-11-03', {
    kind: 'putEntry',
    entry: {
      id: '0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
      meal: 'breakfast',
      food: food.id,
      name: 'Oatmeal',
      amount: 150,
      unit: 'g',
      grams: 150,
      kcal: 555,
      protein: 19.5,
      fat: 9.8,
      carbs: 90.3,
      loggedAt: '2026-11-03T08:00:00.000Z',
      updatedAt: '2026-11-03T08:00:00.000Z',
    },
  });
  return repository.exportAll();
}

/** The message the import screen shows for `data`, in `locale`. */
function refusalOf(data: unknown, locale: 'en' | 'ru'): string {
  const messages = locale === 'en' ? en : ru;
  const t = createTranslator({ locale, messages, namespace: 'settings.importers' });
  try {
    diaryFileReader.readDiary([{ name: 'diary.json', text: JSON.stringify(data) }]);
  } catch (error) {
    if (!(error instanceof ImportFileError) || !error.issue) throw error;
    return importIssueText((key, values) => t(key as 'errors.badValue', values), error.file!, error.issue);
  }
  throw new Error('the file was read');
}

describe('a refused diary file, in the user’s words', () => {
  it('names the export date and the value found', async () => {
    const data = { ...(await diaryFile()), exportedAt: 'yesterday' };
    expect(refusalOf(data, 'en')).toBe(
      'diary.json cannot be read: export date “yesterday” is not valid. Nothing was imported.',
    );
    expect(refusalOf(data, 'ru')).toBe(
      'diary.json не читается: дата выгрузки: «yesterday» — недопустимое значение. Ничего не импортировано.',
    );
    const without: Partial<typeof data> = { ...data };
    delete without.exportedAt;
    expect(refusalOf(without, 'en')).toBe(
      'diary.json cannot be read: export date is missing. Nothing was imported.',
    );
    expect(refusalOf(without, 'ru')).toBe(
      'diary.json не читается: дата выгрузки — нет значения. Ничего не импортировано.',
    );
  });

  it('names the day, the entry and its field', async () => {
    const data = await diaryFile();
    data.days[0]!.entries[0]!.kcal = -5;
    expect(refusalOf(data, 'en')).toBe(
      'diary.json cannot be read: day 2026-11-03, entry 1 (Oatmeal), calories “-5” is not valid. Nothing was imported.',
    );
    expect(refusalOf(data, 'ru')).toBe(
      'diary.json не читается: день 2026-11-03, запись 1 (Oatmeal), калории: «-5» — недопустимое значение. Ничего не импортировано.',
    );
  });

  it('names a food, a setting, a repeated day and a field without a word of its own', async () => {
    const food = await diaryFile();
    (food.foods[0] as { kcal: unknown }).kcal = 'lots';
    expect(refusalOf(food, 'en')).toBe(
      'diary.json cannot be read: food 1 (Oats), calories “lots” is not valid. Nothing was imported.',
    );
    const goal = await diaryFile();
    goal.settings.currentGoal = 99999;
    expect(refusalOf(goal, 'ru')).toBe(
      'diary.json не читается: настройки, дневная цель: «99999» — недопустимое значение. Ничего не импортировано.',
    );
    const twice = await diaryFile();
    twice.days.push({ ...twice.days[0]!, entries: [] });
    expect(refusalOf(twice, 'en')).toBe(
      'diary.json cannot be read: day 2026-11-03, date “2026-11-03” appears twice. Nothing was imported.',
    );
    const odd = await diaryFile();
    (odd.settings as { theme: unknown }).theme = 'neon';
    expect(refusalOf(odd, 'en')).toBe(
      'diary.json cannot be read: in the settings, field “theme” “neon” is not valid. Nothing was imported.',
    );
  });
});
