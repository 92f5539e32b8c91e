import { describe, expect, it } from 'vitest';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { readExportFiles, type PickedFile } from '@/lib/importers/read-export';
import type { DiaryExport } from '@/lib/schemas/export';
import { fixture, importError, OPTIONS, picked } from '../support/foreign-import';
import { entry, oats } from '../support/fixtures';
import { MemoryStorage } from '../support/memory-storage';

const NOW = new Date('2026-11-22T09:30:00.000Z');

const refusal = (files: PickedFile[]) => importError(() => readExportFiles(files, OPTIONS));

/** A guest diary with a food, two days (one with a weight) and its settings, exported as a user would. */
async function diaryFile(): Promise<DiaryExport> {
  const repository = new GuestRepository(new MemoryStorage(), () => NOW);
  await repository.updateSettings({ currentGoal: 1900, name: 'Анна', language: 'ru' });
  await repository.createFood({ ...oats, name: 'Овсянка' });
  await repository.changeDay('2026-11-20', {
    kind: 'putEntry',
    entry: entry({
      food: 1,
      name: 'Овсянка',
      loggedAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-20T08:00:00.000Z',
    }),
  });
  await repository.changeDay('2026-11-22', { kind: 'setWeight', weight: 72.5 });
  return repository.exportAll();
}

describe("the diary's own file, read as one more export", () => {
  it('is recognised by its content and read as written: ids, goals, weights and settings', async () => {
    const data = await diaryFile();
    const read = readExportFiles([picked('renamed backup.txt', JSON.stringify(data, null, 1))], OPTIONS);

    expect(read.diary).toEqual(data);
    expect(read.days).toEqual(data.days);
    expect(read.foods).toEqual(data.foods);
    expect(read.report).toMatchObject({
      app: 'calorieDiary',
      recognised: [{ file: 'renamed backup.txt', kind: 'diaryFile' }],
      days: 2,
      entries: 1,
      foods: 1,
      weights: 1,
      from: '2026-11-20',
      to: '2026-11-22',
      skipped: [],
    });
  });

  it('lists a file beside it that no reader claims as not used', async () => {
    const read = readExportFiles(
      [picked('backup.json', JSON.stringify(await diaryFile())), picked('notes.txt', 'hello')],
      OPTIONS,
    );
    expect(read.report.skipped).toEqual([{ reason: 'fileNotUsed', file: 'notes.txt', line: null }]);
  });

  it('refuses two diary files at once, and a diary file with another app’s export', async () => {
    const text = JSON.stringify(await diaryFile());
    expect(refusal([picked('a.json', text), picked('b.json', text)])).toMatchObject({
      reason: 'severalDiaryFiles',
      detail: 'a.json, b.json',
    });
    const myFitnessPal = fixture('myfitnesspal/current/Nutrition-Summary-2024-07-02-to-2024-07-03.csv');
    expect(refusal([picked('a.json', text), myFitnessPal])).toMatchObject({ reason: 'mixedApps' });
  });

  it('refuses a broken or altered diary file by name, with what is wrong', async () => {
    const data = await diaryFile();
    const text = JSON.stringify(data);
    expect(refusal([picked('cut.json', text.slice(0, -20))])).toMatchObject({
      reason: 'badJson',
      file: 'cut.json',
    });
    const altered = structuredClone(data);
    altered.days[0]!.entries[0]!.kcal = -5;
    expect(refusal([picked('altered.json', JSON.stringify(altered))])).toMatchObject({
      reason: 'badJson',
      file: 'altered.json',
      detail: expect.stringContaining('days.0.entries.0.kcal'),
    });
  });
});
