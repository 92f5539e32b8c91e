'use client';

import { useTranslations } from 'next-intl';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

/** Asks before something that cannot be undone: a title, what will happen, Cancel and the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  danger,
  onConfirm,
  children,
  details,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  children: ReactNode;
  /** More than a sentence (a table, a choice): shown under the description, outside it. */
  details?: ReactNode;
}) {
  const t = useTranslations('ui');
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
        <AlertDialog.Content className="bg-surface border-border fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl border p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-fg-muted mt-2 text-sm">{children}</AlertDialog.Description>
          {details ? <div className="mt-4">{details}</div> : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
