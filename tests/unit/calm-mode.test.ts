import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { GUEST_STORAGE_KEYS, readGuestDayFigures } from '@/lib/diary/first-paint';
import { round1 } from '@/lib/diary/round';
import { holdsOnlyDefaults, settingsChanges, travellingSettings } from '@/lib/diary/settings-merge';
import { settingsPatchSchema, settingsSchema, type Settings } from '@/lib/schemas/settings';
import { MemoryStorage } from '../support/memory-storage';

const NOW = '2026-11-24T12:00:00.000Z';

describe('the calm mode setting', () => {
  it('is off in a new diary and in a record written before it existed', () => {
    expect(defaultSettings(NOW).calmMode).toBe(false);
    const older: Partial<Settings> = defaultSettings(NOW);
    delete older.calmMode;
    expect(settingsSchema.parse(older).calmMode).toBe(false);
  });

  it('is patched with a boolean and nothing else', () => {
    expect(settingsPatchSchema.parse({ calmMode: true })).toEqual({ calmMode: true });
    for (const bad of ['true', 1, null])
      expect(settingsPatchSchema.safeParse({ calmMode: bad }).success).toBe(false);
  });

  it('is kept in a guest browser under user-settings and read back', async () => {
    const storage = new MemoryStorage();
    await new GuestRepository(storage, () => new Date(NOW)).updateSettings({ calmMode: true });
    expect(JSON.parse(storage.getItem('user-settings')!)).toMatchObject({ calmMode: true });
    expect((await new GuestRepository(storage).getSettings()).calmMode).toBe(true);
  });

  it('travels with an export, like the other preferences', () => {
    const calm = { ...defaultSettings(NOW), calmMode: true };
    expect(holdsOnlyDefaults(calm)).toBe(false);
    expect(settingsChanges(defaultSettings(NOW), calm).map((change) => change.field)).toEqual(['calmMode']);
    expect(travellingSettings(calm)).toMatchObject({ calmMode: true });
  });
});

describe('the first paint in calm mode', () => {
  const date = '2026-11-22';
  const read = (settings: object) =>
    readGuestDayFigures(
      { getItem: (key) => (key === 'user-settings' ? JSON.stringify(settings) : null) },
      GUEST_STORAGE_KEYS,
      date,
      2500,
      round1,
    );

  it('paints no figure, leaving the card to the view', () => {
    expect(read({ calmMode: true })).toBeNull();
    // A value the view might not read as off is treated as on: no figure flashes.
    expect(read({ calmMode: 'yes' })).toBeNull();
  });

  it('paints the day as before with calm mode off or unset', () => {
    expect(read({ calmMode: false })).toMatchObject({ goal: 2500, kcal: 0 });
    expect(read({})).toMatchObject({ goal: 2500, kcal: 0 });
  });
});
