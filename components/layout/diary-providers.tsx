'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SettingsEffects } from '@/components/settings/settings-effects';
import { TooltipProvider } from '@/components/ui/tooltip';
import { RepositoryProvider } from '@/lib/repositories/repository-context';

/** Data (React Query over the repository) and tooltips: what the signed-in pages add. */
export function DiaryProviders({ children }: { children: ReactNode }) {
  // One client per browser tab; created lazily so server renders never share one.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RepositoryProvider>
        <TooltipProvider>
          {children}
          <SettingsEffects />
        </TooltipProvider>
      </RepositoryProvider>
    </QueryClientProvider>
  );
}
