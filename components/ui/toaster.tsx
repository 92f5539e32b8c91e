'use client';

import { useTranslations } from 'next-intl';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/ui/cn';
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  type ToastVariant,
} from '@/lib/ui/toast-store';
import { Icon } from './icon';

const variantIcon = { info: 'check', success: 'check', error: 'warning' } as const;
const variantAccent: Record<ToastVariant, string> = {
  info: 'text-secondary',
  success: 'text-primary',
  error: 'text-error',
};

/**
 * The toast viewport: bottom-right, 16 px apart, 24rem wide from sm; F8 focuses it; a toast
 * closes after 5000 ms (one with an action such as Undo after TIMINGS.actionToastMs, see
 * lib/ui/toast-store.ts) or when swiped right past 50 px; hovering or focusing the region pauses
 * the clock (Radix Toast), so an Undo being reached for does not go away. It sits over the page but under dialogs,
 * so a toast never covers the buttons of an open form on a phone, and above the phone's bottom
 * navigation (--bottom-nav-space, app/globals.css), so it never covers the navigation either.
 */
export function Toaster() {
  const t = useTranslations('ui');
  const items = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('notifications')}
    >
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group bg-surface text-fg border-border pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg',
            'data-[state=open]:animate-slide-in data-[state=closed]:animate-fade-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-fade-out',
          )}
          data-variant={item.variant ?? 'info'}
        >
          <Icon
            name={variantIcon[item.variant ?? 'info']}
            className={cn('mt-0.5 text-xl', variantAccent[item.variant ?? 'info'])}
          />
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-fg-muted mt-1 text-sm">{item.description}</Toast.Description>
            ) : null}
            {item.action ? (
              <Toast.Action asChild altText={item.action.label}>
                <button
                  type="button"
                  onClick={item.action.onClick}
                  className="bg-primary text-on-primary mt-3 rounded-lg px-3 py-1.5 text-sm font-semibold"
                >
                  {item.action.label}
                </button>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('close')}
            className="text-fg-muted hover:bg-muted hover:text-fg -m-1 rounded-lg p-1 text-lg"
          >
            <Icon name="close" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label={t('notificationsRegion')}
        className="fixed right-0 bottom-(--bottom-nav-space,0px) z-[45] flex max-h-screen w-full flex-col gap-4 p-4 outline-none sm:max-w-[24rem] desk:p-6"
      />
    </Toast.Provider>
  );
}
