'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { useRepository } from './repository-context';

/** What could not be read of one day's diary: set-aside entries and copies kept aside. */
export function useDayProblems(date: string) {
  const repository = useRepository();
  return useQuery({
    queryKey: [...queryKeys.problems(repository?.mode ?? 'guest'), date],
    queryFn: () => repository!.listProblems(date),
    enabled: !!repository,
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
  const repository = useRepository();
  return useProblemMutation((key) => repository?.deleteProblem(key));
}

/** Brings a kept copy's readable entries back into its day; the result is how many came back. */
export function useRestoreProblem() {
  const repository = useRepository();
  return useProblemMutation((key) => repository?.restoreProblem(key));
}
