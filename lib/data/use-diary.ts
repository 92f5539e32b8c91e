'use client';

import {
  QueryClient,
  QueryClientContext,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useContext } from 'react';
import { useRepository } from '@/lib/data/repository-context';
import type { DiaryRepository } from '@/lib/data/types';
import type { DayChange } from '@/lib/diary/day-change';
import type { Day } from '@/lib/schemas/day';
import type { FoodInput } from '@/lib/schemas/food';
import type { Settings } from '@/lib/schemas/settings';
import { addDays } from '@/lib/diary/dates';
import { goalInForce, type GoalSettings } from '@/lib/diary/goal-in-force';
import { LIMITS } from '@/lib/limits';
import { queryKeys } from './keys';
import { changeSettings, type SettingsCache, type SettingsChange } from './settings-change';

function requireRepository(repository: DiaryRepository | null): DiaryRepository {
  if (!repository) throw new Error('No repository outside the browser');
  return repository;
}

/** The query of one day (null when nothing was written for it); shared by the hook and the page preload. */
export function dayQuery(repository: DiaryRepository | null, date: string) {
  return queryOptions({
    queryKey: queryKeys.day(repository?.mode ?? 'guest', date),
    queryFn: () => requireRepository(repository).getDay(date),
    enabled: !!repository,
  });
}

/** The query of the settings; shared by the hook and the page preload. */
export function settingsQuery(repository: DiaryRepository | null) {
  return queryOptions({
    queryKey: queryKeys.settings(repository?.mode ?? 'guest'),
    queryFn: () => requireRepository(repository).getSettings(),
    enabled: !!repository,
  });
}

/** One day of the diary (null when nothing was written for it). */
export function useDay(date: string) {
  return useQuery(dayQuery(useRepository(), date));
}

export function useDays(from: string, to: string, enabled = true) {
  const repository = useRepository();
  return useQuery({
    queryKey: queryKeys.days(repository?.mode ?? 'guest', from, to),
    queryFn: () => requireRepository(repository).listDays(from, to),
    enabled: !!repository && enabled,
  });
}

/** The query of the stats of a range; shared by the hook and the page preload. */
export function statsQuery(repository: DiaryRepository | null, from: string, to: string, today: string) {
  return queryOptions({
    queryKey: queryKeys.stats(repository?.mode ?? 'guest', from, to, today),
    queryFn: () => requireRepository(repository).getStats(from, to, today),
    enabled: !!repository,
  });
}

/** The stats of a range and the streaks as of `today`; `enabled` false while the range is invalid. */
export function useStats(from: string, to: string, today: string, enabled: boolean) {
  const repository = useRepository();
  const query = statsQuery(repository, from, to, today);
  return useQuery({
    ...query,
    enabled: query.enabled && enabled,
    placeholderData: (previous) => previous,
  });
}

export function useFoods() {
  const repository = useRepository();
  return useQuery({
    queryKey: queryKeys.foods(repository?.mode ?? 'guest'),
    queryFn: () => requireRepository(repository).listFoods(),
    enabled: !!repository,
  });
}

export function useSettings() {
  return useQuery(settingsQuery(useRepository()));
}

/** A client that never fetches, for what renders outside the diary's data (the log-in pages). */
const clientOutsideTheDiary = new QueryClient();

/**
 * The settings where the diary's data is provided; undefined elsewhere, where nothing is read
 * (the guest import offer on the registration page shows units, say, without the diary's data).
 */
export function useSettingsWhereProvided() {
  const client = useContext(QueryClientContext);
  const repository = useRepository();
  return useQuery(
    { ...settingsQuery(repository), enabled: !!client && !!repository },
    client ?? clientOutsideTheDiary,
  ).data;
}

/** Every mutation refreshes what it touched: the day and the day lists, or the foods, or the settings. */
function useDayMutation<Variables>(
  run: (repository: DiaryRepository, variables: Variables) => Promise<Day | null>,
) {
  const repository = useRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => run(requireRepository(repository), variables),
    onSuccess: (day) => {
      const mode = repository?.mode ?? 'guest';
      if (day) queryClient.setQueryData(queryKeys.day(mode, day.date), day);
      void queryClient.invalidateQueries({ queryKey: queryKeys.allDays(mode) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStats(mode) });
    },
  });
}

/** A change of one day, as a screen asks it (lib/diary/day-change.ts). */
export type DayChangeOn = { date: string; change: DayChange };

/**
 * Changes one day: logging, editing or removing an entry, the weight, the water, the day's goal,
 * an activity, each as one value. A new thing a day holds needs no hook of its own.
 */
export function useChangeDay() {
  return useDayMutation((repository, { date, change }: DayChangeOn) => repository.changeDay(date, change));
}

/** Deletes several entries of one day, as undoing a copy does. */
export function useDeleteEntries() {
  return useDayMutation(
    async (repository, { date, entryIds }: { date: string; entryIds: readonly string[] }) => {
      let day: Day | null = null;
      for (const entryId of entryIds)
        day = await repository.changeDay(date, { kind: 'deleteEntry', entryId });
      return day;
    },
  );
}

/**
 * Gives the days already written from `from` on (today, usually) the goal now in force for each
 * (rules' goalInForce of `settings`): a goal changed in the settings reaches today even once
 * something is logged, and past days keep theirs. A list of days spans at most LIMITS.rangeDays
 * (the API refuses more: asked up to the year 2999, an account got 400), so the goal reaches the
 * days written within that many days, about eleven years ahead.
 */
async function setGoalsFrom(
  repository: DiaryRepository,
  from: string,
  settings: GoalSettings,
): Promise<void> {
  const days = await repository.listDays(from, addDays(from, LIMITS.rangeDays.max - 1));
  for (const day of days) {
    const goal = goalInForce(settings, day.date);
    if (day.goal !== goal) await repository.changeDay(day.date, { kind: 'setGoal', goal });
  }
}

function useInvalidatingMutation<Variables, Result>(
  key: 'foods' | 'settings',
  run: (repository: DiaryRepository, variables: Variables) => Promise<Result>,
) {
  const repository = useRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => run(requireRepository(repository), variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys[key](repository?.mode ?? 'guest') }),
  });
}

export function useCreateFood() {
  return useInvalidatingMutation('foods', (repository, input: FoodInput) => repository.createFood(input));
}

export function useUpdateFood() {
  return useInvalidatingMutation('foods', (repository, { id, input }: { id: number; input: FoodInput }) =>
    repository.updateFood(id, input),
  );
}

export function useDeleteFood() {
  return useInvalidatingMutation('foods', (repository, id: number) => repository.deleteFood(id));
}

/** The settings cache of the repository in use, for changeSettings. */
function useSettingsCache(repository: DiaryRepository | null): SettingsCache {
  const queryClient = useQueryClient();
  const key = queryKeys.settings(repository?.mode ?? 'guest');
  return {
    get: () => queryClient.getQueryData<Settings>(key),
    set: (settings) => queryClient.setQueryData(key, settings),
  };
}

/**
 * Saves a change of the profile and goal form and, for a new daily or weekday goal, gives
 * `goalFrom` and any later day already written the goal now in force for it. One mutation,
 * with its refresh in the mutation itself, so a change saved as the page is left (settings save
 * themselves, docs/decisions/0023) completes and shows. Changes run one after another, each on
 * the settings the one before left (settings-change.ts).
 */
export function useSaveProfile() {
  const repository = useRepository();
  const queryClient = useQueryClient();
  const cache = useSettingsCache(repository);
  return useMutation({
    mutationFn: async ({ patch: change, goalFrom }: { patch: SettingsChange; goalFrom?: string }) => {
      const current = requireRepository(repository);
      const { settings } = await changeSettings(current, change, cache, async (patch, saved) => {
        if (goalFrom !== undefined && (patch.currentGoal !== undefined || patch.weekdayGoals !== undefined))
          await setGoalsFrom(current, goalFrom, saved);
      });
      return settings;
    },
    onSuccess: (_saved, { goalFrom }) => {
      const mode = repository?.mode ?? 'guest';
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings(mode) });
      if (goalFrom === undefined) return;
      void queryClient.invalidateQueries({ queryKey: ['day', mode] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allDays(mode) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStats(mode) });
    },
  });
}

/** Saves a change of the settings, after the ones before it and from what they left (settings-change.ts). */
export function useUpdateSettings() {
  const repository = useRepository();
  const cache = useSettingsCache(repository);
  return useInvalidatingMutation(
    'settings',
    async (current, change: SettingsChange) => (await changeSettings(current, change, cache)).settings,
  );
}
