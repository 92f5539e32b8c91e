'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { useEffect, useState, type ReactNode } from 'react';
import { AppConfigProvider, type AppConfig } from '@/components/app-config';
import { CommandPaletteLauncher } from '@/components/command-palette/launcher';
import { BuildWatcher } from '@/components/pwa/build-watcher';
import { ServiceWorkerRegistrar } from '@/components/pwa/service-worker-registrar';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { RepositoryProvider } from '@/lib/repositories/repository-context';
import { setupIcons } from '@/lib/icons/client';
import { THEME_STORAGE_KEY } from '@/lib/theme';

export function Providers({ config, children }: { config: AppConfig; children: ReactNode }) {
  // One client per browser tab; created lazily so server renders never share one.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  );

  useEffect(() => {
    void setupIcons(config.iconFallbackApi);
  }, [config.iconFallbackApi]);

  return (
    <AppConfigProvider value={config}>
      <ThemeProvider attribute="class" storageKey={THEME_STORAGE_KEY} defaultTheme="system" enableSystem>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <RepositoryProvider>{children}</RepositoryProvider>
            <Toaster />
            <CommandPaletteLauncher />
            <ServiceWorkerRegistrar />
            <BuildWatcher />
          </TooltipProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </AppConfigProvider>
  );
}
