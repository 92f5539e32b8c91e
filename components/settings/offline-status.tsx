'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { getPwaStatus, subscribePwaStatus, type PwaStatus } from '@/lib/pwa/status';
import { useSyncStatus } from '@/lib/data';
import type { SessionState } from '@/lib/session/state';

const messages = {
  pending: 'offlinePending',
  ready: 'offlineReady',
  failed: 'offlineFailed',
  unsupported: 'offlineUnsupported',
} as const satisfies Record<PwaStatus, string>;

/**
 * Shows whether the service worker is in place (including the seed's registration-failed flag)
 * and what offline means for this session's diary: a guest's lives in the browser; an account's
 * is kept on the device too, and its changes wait there until the server can be reached.
 */
export function OfflineStatus({ session }: { session: SessionState }) {
  const t = useTranslations('pages.settings');
  const tSync = useTranslations('sync');
  const status = useSyncExternalStore(subscribePwaStatus, getPwaStatus, () => 'pending' as const);
  const { pending } = useSyncStatus();
  const ok = status === 'ready';

  return (
    <div className="grid gap-2">
      <ServiceWorkerLine status={status} ok={ok} label={t(messages[status])} />
      {session === 'none' ? null : (
        <p className="text-fg-muted text-sm" data-testid="offline-mode">
          {session === 'account' ? t('offlineAccount') : t('offlineGuest')}
          {session === 'account' && pending > 0 ? ` ${tSync('waiting', { count: pending })}.` : null}
        </p>
      )}
    </div>
  );
}

function ServiceWorkerLine({ status, ok, label }: { status: PwaStatus; ok: boolean; label: string }) {
  return (
    <p data-testid="offline-status" data-status={status} className="flex items-start gap-2 text-sm">
      <Icon
        name={ok ? 'check' : status === 'failed' ? 'warning' : 'offline'}
        className={cn(
          'mt-0.5 text-lg',
          ok ? 'text-primary' : status === 'failed' ? 'text-error-strong' : 'text-fg-muted',
        )}
      />
      <span>{label}</span>
    </p>
  );
}
