'use client';

import { useTranslations } from 'next-intl';
import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { TIMINGS } from '@/lib/limits';
import { currentSessionState, logOut } from '@/lib/session/client';

type Phase = 'asking' | 'sending' | 'offline' | 'stuck';

/** Resolves when the network comes back, or after a short wait (to look again). */
function nextChance(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    window.addEventListener('online', done);
  });
}

/**
 * A button that logs out (lib/session/client.ts). The app's menus use it instead of a link to
 * /Logout: opening a page must never log anyone out, or any site could do it. An account with
 * changes not on the server yet is asked first: they would wait on this device until its next
 * log-in here, unseen on the others. It may send them and then log out, or log out anyway.
 */
export function LogOutButton({ children, onClick, ...props }: ComponentProps<typeof Button>) {
  const t = useTranslations('auth');
  const tUnsent = useTranslations('auth.logoutUnsent');
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState<{ waiting: number; stuck: number } | null>(null);
  const [phase, setPhase] = useState<Phase>('asking');
  // Cleared when the dialog closes: a wait for the network stops with it.
  const waiting = useRef(false);
  useEffect(
    () => () => {
      waiting.current = false;
    },
    [],
  );

  async function start() {
    setBusy(true);
    if (currentSessionState() === 'account') {
      const { loadRepository, unsentChanges } = await import('@/lib/data');
      let found = await unsentChanges().catch(() => ({ waiting: 0, stuck: 0 }));
      // Online, a change waiting is usually one on its way (the export's date, a last edit):
      // given a moment to land, it asks nothing of the user.
      if (found.waiting > 0 && navigator.onLine) {
        const repository = (await loadRepository()) as { sync?: () => Promise<unknown> };
        await Promise.race([
          repository.sync?.().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, TIMINGS.logoutSettleMs)),
        ]);
        found = await unsentChanges().catch(() => found);
      }
      if (found.waiting + found.stuck > 0) {
        setUnsent(found);
        setPhase('asking');
        setBusy(false);
        return;
      }
    }
    await logOut();
  }

  async function sendThenLogOut() {
    waiting.current = true;
    setPhase('sending');
    const { loadRepository, unsentChanges } = await import('@/lib/data');
    const repository = (await loadRepository()) as { sync?: () => Promise<unknown> };
    while (waiting.current) {
      await repository.sync?.().catch(() => undefined);
      const left = await unsentChanges();
      if (!waiting.current) return;
      if (left.waiting + left.stuck === 0) {
        setBusy(true);
        await logOut();
        return;
      }
      setUnsent(left);
      if (left.waiting === 0) {
        setPhase('stuck');
        return;
      }
      setPhase(navigator.onLine ? 'sending' : 'offline');
      await nextChance();
    }
  }

  const count = unsent ? unsent.waiting + unsent.stuck : 0;
  return (
    <>
      <Button
        type="button"
        {...props}
        disabled={busy}
        aria-busy={busy}
        onClick={(event) => {
          // A wrapper's handler (a tooltip's trigger) runs too; it must not replace this one.
          onClick?.(event);
          void start();
        }}
      >
        {children ?? t('logoutConfirm.confirm')}
      </Button>
      <AlertDialog.Root
        open={unsent !== null}
        onOpenChange={(open) => {
          if (open) return;
          waiting.current = false;
          setUnsent(null);
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
          <AlertDialog.Content className="bg-surface border-border fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl border p-6 shadow-2xl">
            <AlertDialog.Title className="text-lg font-semibold">
              {tUnsent('title', { count })}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-fg-muted mt-2 text-sm">
              {tUnsent('body')}
            </AlertDialog.Description>
            <p role="status" className="mt-3 min-h-5 text-sm font-medium" data-testid="logout-unsent-status">
              {phase === 'sending'
                ? tUnsent('syncing')
                : phase === 'offline'
                  ? tUnsent('offline')
                  : phase === 'stuck'
                    ? tUnsent('stuck', { count: unsent?.stuck ?? 0 })
                    : null}
            </p>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">{tUnsent('cancel')}</Button>
              </AlertDialog.Cancel>
              <Button variant="danger" onClick={() => void logOut()}>
                {tUnsent('anyway')}
              </Button>
              {phase === 'stuck' ? null : (
                <Button disabled={phase !== 'asking'} onClick={() => void sendThenLogOut()}>
                  {phase === 'asking' ? tUnsent('sync') : tUnsent('syncing')}
                </Button>
              )}
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
