'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { useDataMode, useGuestProblems } from './repository-context';

/**
 * The unreadable records of a guest's diary (none for an account); `enabled: false` holds the
 * scan (it reads every record) until wanted.
 */
export function useProblems({ enabled = true }: { enabled?: boolean } = {}) {
  const problems = useGuestProblems();
  const mode = useDataMode();
  return useQuery({
    queryKey: queryKeys.problems(mode ?? 'guest'),
    queryFn: () => problems?.list() ?? [],
    enabled: enabled && mode !== null,
  });
}

/** What could not be read of one day of a guest's diary: set-aside entries and copies kept aside. */
export function useDayProblems(date: string) {
  const problems = useGuestProblems();
  return useQuery({
    queryKey: [...queryKeys.problems('guest'), date],
    queryFn: () => problems!.list(date),
    enabled: !!problems,
  });
}

/**
 * Deleting or restoring a problem changes what the day shows and what the stats count, so both
 * refresh every query of the mode.
 */
function useProblemMutation<Result>(run: (key: string) => Promise<Result> | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => run(key),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteProblem() {
  const problems = useGuestProblems();
  return useProblemMutation((key) => problems?.delete(key));
}

/** Brings a kept copy's readable entries back into its day; the result is how many came back. */
export function useRestoreProblem() {
  const problems = useGuestProblems();
  return useProblemMutation((key) => problems?.restore(key));
}
