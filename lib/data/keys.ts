import type { RepositoryMode } from '@/lib/data/types';

/** Query keys carry the mode, so a guest's cached data never shows after logging in. */
export const queryKeys = {
  day: (mode: RepositoryMode, date: string) => ['day', mode, date] as const,
  days: (mode: RepositoryMode, from: string, to: string) => ['days', mode, from, to] as const,
  allDays: (mode: RepositoryMode) => ['days', mode] as const,
  stats: (mode: RepositoryMode, from: string, to: string, today: string) =>
    ['stats', mode, from, to, today] as const,
  allStats: (mode: RepositoryMode) => ['stats', mode] as const,
  foods: (mode: RepositoryMode) => ['foods', mode] as const,
  settings: (mode: RepositoryMode) => ['settings', mode] as const,
  problems: (mode: RepositoryMode) => ['problems', mode] as const,
};
