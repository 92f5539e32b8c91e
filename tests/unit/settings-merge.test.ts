import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import {
  holdsOnlyDefaults,
  importedName,
  planSettings,
  settingsChanges,
  travellingSettings,
} from '@/lib/diary/settings-merge';
import type { DiaryExport } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { MemoryStorage } from '../support/memory-storage';

const NOW = '2026-11-24T12:00:00.000Z';
const fresh = (): Settings => defaultSettings(NOW);
// A backup made long ago: older than any fresh diary's defaults.
const backup: Settings = {
  ...defaultSettings('2025-01-01T00:00:00.000Z'),
  name: 'Anna',
  language: 'en',
  currentGoal: 1950,
  weight: 82.4,
  height: 180,
  age: 41,
  gender: 'female',
  activity: 'moderate',
  theme: 'dark',
  bottomNav: false,
};

describe('settings that travel with an import', () => {
  it('tells a diary of defaults from one whose settings were chosen', () => {
    expect(holdsOnlyDefaults(fresh())).toBe(true);
    expect(holdsOnlyDefaults({ ...fresh(), language: 'en' })).toBe(true);
    expect(holdsOnlyDefaults({ ...fresh(), currentGoal: 2400 })).toBe(false);
    expect(holdsOnlyDefaults({ ...fresh(), theme: 'light' })).toBe(false);
    expect(holdsOnlyDefaults({ ...fresh(), weight: 70 })).toBe(false);
  });

  it('lists what differs, and never the name, the email or the last export', () => {
    const fields = settingsChanges(fresh(), { ...backup, email: 'a@example.com', lastExportAt: NOW }).map(
      (change) => change.field,
    );
    expect(fields).toEqual([
      'currentGoal',
      'weight',
      'height',
      'age',
      'gender',
      'activity',
      'theme',
      'language',
      'bottomNav',
    ]);
  });

  it('carries weekday goals and water settings, comparing the goals by what they hold', () => {
    const mine = { ...fresh(), weekdayGoals: { sat: 2600, mon: 2200 }, waterGlass: 330 };
    expect(holdsOnlyDefaults({ ...fresh(), weekdayGoals: { sun: 2600 } })).toBe(false);
    expect(holdsOnlyDefaults({ ...fresh(), waterGoal: null })).toBe(false);
    // The same goals in another key order are no change.
    expect(settingsChanges(mine, { ...mine, weekdayGoals: { mon: 2200, sat: 2600 } })).toEqual([]);
    expect(settingsChanges(fresh(), mine).map((change) => change.field)).toEqual([
      'weekdayGoals',
      'waterGlass',
    ]);
    expect(travellingSettings(mine)).toMatchObject({
      weekdayGoals: { sat: 2600, mon: 2200 },
      waterGlass: 330,
    });
  });

  it('takes the file into defaults, keeps chosen settings unless told, and obeys a choice', () => {
    expect(planSettings(fresh(), backup).applied).toBe(true);
    expect(planSettings(fresh(), backup, 'mine').applied).toBe(false);
    const chosen = { ...fresh(), currentGoal: 1800 };
    expect(planSettings(chosen, backup)).toMatchObject({ onlyDefaults: false, applied: false });
    expect(planSettings(chosen, backup, 'file').applied).toBe(true);
    expect(planSettings(backup, backup, 'file')).toEqual({
      changes: [],
      onlyDefaults: false,
      applied: false,
    });
  });

  it('restores a backup into a fresh browser, goal and body included, however old the backup', async () => {
    const source = new GuestRepository(new MemoryStorage(), () => new Date('2025-01-01T00:00:00.000Z'));
    await source.updateSettings(travellingSettings(backup));
    const file = await source.exportAll();
    const target = new GuestRepository(new MemoryStorage(), () => new Date(NOW));
    const plan = await target.importAll(file);
    expect(plan.settings).toMatchObject({ onlyDefaults: true, applied: true });
    expect(travellingSettings(await target.getSettings())).toEqual(travellingSettings(backup));
    // Exported again, the settings that travel are the file's.
    const again = await target.exportAll();
    expect(travellingSettings(again.settings)).toEqual(travellingSettings(file.settings));
  });

  it("keeps a guest's chosen settings unless told to take the file's", async () => {
    const storage = new MemoryStorage();
    const target = new GuestRepository(storage, () => new Date(NOW));
    await target.updateSettings({ currentGoal: 1800 });
    const file: DiaryExport = {
      format: 'calorie-diary',
      version: 1,
      exportedAt: NOW,
      settings: backup,
      foods: [],
      days: [],
    };
    expect((await target.planImport(file)).settings).toMatchObject({ onlyDefaults: false, applied: false });
    await target.importAll(file);
    expect((await target.getSettings()).currentGoal).toBe(1800);
    await target.importAll(file, 'file');
    // The destination had no name of its own ("Guest"), so the file's comes along.
    expect(await target.getSettings()).toMatchObject({ currentGoal: 1950, name: 'Anna' });
  });

  it("brings the file's name into a diary without one, and keeps a name of one's own", () => {
    expect(importedName({ ...backup, name: 'Guest' }, backup)).toBe('Anna');
    expect(importedName({ ...backup, name: '' }, backup)).toBe('Anna');
    expect(importedName({ ...backup, name: 'Boris' }, backup)).toBeNull();
    expect(importedName({ ...backup, name: '' }, { ...backup, name: 'Guest' })).toBeNull();
  });
});
