import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearGuestDiary,
  guestDiaryHere,
  guestDiaryName,
  guestStorageUsage,
} from '@/lib/data/guest/this-browser';
import { MemoryStorage } from '../support/memory-storage';

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  return () => vi.unstubAllGlobals();
});

describe('the guest diary kept in this browser', () => {
  it('is cleared of its days, foods, settings, shared records and kept corrupt records, and nothing else', () => {
    storage.setItem('dashboard-2026-11-20', '{"date":"2026-11-20"}');
    storage.setItem('logged-food-1bsi', '[7,"Oats"]');
    storage.setItem('nutrients-abcde', '[10.6]');
    storage.setItem('food-items', '[]');
    storage.setItem('user-settings', '{"name":"Anna"}');
    storage.setItem('corrupt:dashboard-2026-11-19', '{');
    storage.setItem('token', 'guest');
    storage.setItem('theme', 'dark');
    storage.setItem('account-profile', '{"name":"A","email":"a@example.com"}');

    clearGuestDiary();

    expect(storage.allKeys().sort()).toEqual(['account-profile', 'theme', 'token']);
    expect(guestDiaryHere()).toBe(false);
  });

  it('is worth offering to an account only with a day or a food', () => {
    storage.setItem('user-settings', '{"name":"Anna"}');
    expect(guestDiaryHere()).toBe(false);
    storage.setItem('food-items', '[]');
    expect(guestDiaryHere()).toBe(true);
  });

  it("gives the guest's name, and none for a missing, unnamed or unreadable record", () => {
    expect(guestDiaryName()).toBeNull();
    storage.setItem('user-settings', '{"name":"Анна"}');
    expect(guestDiaryName()).toBe('Анна');
    storage.setItem('user-settings', '{"name":42}');
    expect(guestDiaryName()).toBeNull();
    storage.setItem('user-settings', '{"name":');
    expect(guestDiaryName()).toBeNull();
  });

  it('counts keys and values against the 5 million character quota', () => {
    storage.setItem('food-items', 'x'.repeat(999_990));
    expect(guestStorageUsage()).toBeCloseTo(0.2, 6);
  });
});
