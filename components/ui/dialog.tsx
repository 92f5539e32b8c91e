'use client';

import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Icon } from './icon';
import { cn } from '@/lib/ui/cn';
import { useHistoryLayer } from '@/lib/hooks/use-history-layer';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /**
   * The open dialog holds an entry in the browser's history, so the phone's Back button closes
   * it instead of leaving the page with what was typed in it.
   */
  closeOnBack?: boolean;
};

/** A modal dialog: a bottom sheet on phones, a centred card from 756 px up. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  closeOnBack = false,
}: DialogProps) {
  const t = useTranslations('ui');
  useHistoryLayer(open && closeOnBack, () => onOpenChange(false));
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
        <RadixDialog.Content
          aria-describedby={description ? undefined : undefined}
          className={cn(
            'bg-surface border-border fixed z-50 flex max-h-[92dvh] flex-col overflow-hidden border shadow-2xl outline-none',
            'inset-x-0 bottom-0 rounded-t-3xl desk:inset-auto desk:top-[8vh] desk:left-1/2 desk:w-[min(32rem,calc(100vw-2rem))] desk:-translate-x-1/2 desk:rounded-3xl',
            className,
          )}
        >
          <div className="flex items-start gap-3 px-5 pt-5 pb-3">
            {/* Titles and descriptions may carry a food's name: long words wrap instead of overflowing. */}
            <div className="min-w-0 flex-1 wrap-anywhere">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-fg-muted mt-0.5 text-sm">
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t('close')}
              className="hover:bg-muted -mt-1 -mr-2 grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-xl"
            >
              <Icon name="close" />
            </RadixDialog.Close>
          </div>
          <div className="min-w-0 overflow-x-hidden overflow-y-auto px-5 pb-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
