'use client';

import dynamic from 'next/dynamic';
import { ThemeProvider } from 'next-themes';
import { useEffect, useState, type ReactNode } from 'react';
import { AppConfigProvider, type AppConfig } from '@/components/app-config';
import { CommandPaletteLauncher } from '@/components/command-palette/launcher';
import { setupIcons } from '@/lib/icons/client';
import { afterLoadWhenIdle } from '@/lib/browser/idle';
import { THEME_STORAGE_KEY } from '@/lib/preferences/themes';
import { useTimeZoneCookie } from '@/lib/preferences/time-zone';

// Toasts appear only after something happens (the queue keeps any raised before), so Radix
// Toast loads once the page is up.
const Toaster = dynamic(() => import('@/components/ui/toaster').then((module) => module.Toaster), {
  ssr: false,
});
// The service worker client and the build watcher draw nothing and can start a moment later.
const AppServices = dynamic(() => import('@/components/app-services'), { ssr: false });

/**
 * What every page needs. The diary's own providers (data, tooltips) live in the (diary)
 * layout, so the landing and log-in pages stay light.
 */
export function Providers({
  config,
  nonce,
  children,
}: {
  config: AppConfig;
  nonce?: string;
  children: ReactNode;
}) {
  // The server's HTML already draws every icon inline, so the icon component (and its upgrade of
  // every icon on the page), the toasts and the background services wait until the page has
  // loaded and shown its content: on a slow network they would otherwise share it with the
  // scripts of that content.
  const [pageIsUp, setPageIsUp] = useState(false);
  useTimeZoneCookie();
  useEffect(
    () =>
      afterLoadWhenIdle(() => {
        setPageIsUp(true);
        void setupIcons(config.iconFallbackApi);
      }),
    [config.iconFallbackApi],
  );

  return (
    <AppConfigProvider value={config}>
      <ThemeProvider
        attribute="class"
        storageKey={THEME_STORAGE_KEY}
        defaultTheme="system"
        enableSystem
        nonce={nonce}
      >
        {children}
        <CommandPaletteLauncher />
        {pageIsUp ? (
          <>
            <Toaster />
            <AppServices />
          </>
        ) : null}
      </ThemeProvider>
    </AppConfigProvider>
  );
}
