'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/ui/toast-store';

/**
 * Loads a part of the app (a dialog's code) when it is `wanted`, and answers true once it is
 * loaded: render its next/dynamic component then, which finds the code already there.
 * A load that fails (offline before the service worker has every file, or a lost connection)
 * says so in a toast and runs `onFailed`, so the tap that asked for it is answered and the page
 * stays as it was; asking again later tries again. The error still reaches the build watcher
 * (components/pwa/build-watcher.tsx), which reloads onto a new build whose files replaced these.
 */
export function useOnDemand(wanted: boolean, load: () => Promise<unknown>, onFailed: () => void): boolean {
  const t = useTranslations('ui');
  const [loaded, setLoaded] = useState(false);
  const latest = useRef({ load, onFailed, t });
  useEffect(() => {
    latest.current = { load, onFailed, t };
  });

  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    latest.current.load().then(
      () => current && setLoaded(true),
      (error: unknown) => {
        if (!current) return;
        const { onFailed: failed, t: translate } = latest.current;
        const offline = typeof navigator !== 'undefined' && !navigator.onLine;
        toast({
          title: translate(offline ? 'offlineNotYet' : 'partLoadFailed'),
          description: translate(offline ? 'offlineNotYetHint' : 'partLoadFailedHint'),
          variant: 'error',
        });
        failed();
        window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);

  return loaded;
}
