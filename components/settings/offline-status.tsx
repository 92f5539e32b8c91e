'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { getPwaStatus, subscribePwaStatus, type PwaStatus } from '@/lib/pwa-status';

const messages = {
  pending: 'offlinePending',
  ready: 'offlineReady',
  failed: 'offlineFailed',
  unsupported: 'offlineUnsupported',
} as const satisfies Record<PwaStatus, string>;

/** Shows whether the service worker is in place, including the seed's registration-failed flag. */
export function OfflineStatus() {
  const t = useTranslations('pages.settings');
  const status = useSyncExternalStore(subscribePwaStatus, getPwaStatus, () => 'pending' as const);
  const ok = status === 'ready';

  return (
    <p data-testid="offline-status" data-status={status} className="flex items-start gap-2 text-sm">
      <Icon
        name={ok ? 'check' : status === 'failed' ? 'warning' : 'offline'}
        className={cn(
          'mt-0.5 text-lg',
          ok ? 'text-primary' : status === 'failed' ? 'text-error' : 'text-fg-muted',
        )}
      />
      <span>{t(messages[status])}</span>
    </p>
  );
}
