'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { LogOutButton } from '@/components/auth/log-out-button';
import { navItems } from './nav-items';
import { SessionSummary } from './session-summary';
import type { SessionState } from '@/lib/session/state';

type DrawerProps = {
  session: SessionState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The side menu as a drawer on phones; loaded when the menu button is first pressed. */
export function MobileMenuDrawer({ session, open, onOpenChange: setOpen, triggerRef }: DrawerProps) {
  const t = useTranslations('nav');
  const tApp = useTranslations('app');
  const pathname = usePathname();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="bg-surface fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col p-4 shadow-xl outline-none"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="flex items-center gap-2.5 font-semibold">
              <span className="bg-primary text-on-primary grid size-9 place-items-center rounded-xl text-xl">
                <Icon name="logo" />
              </span>
              {tApp('name')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('closeMenu')}
              className="hover:bg-muted grid size-10 cursor-pointer place-items-center rounded-xl text-xl"
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('label')}</Dialog.Description>
          <nav aria-label={t('label')}>
            <ul className="flex flex-col gap-1">
              {navItems.map((item) => {
                const active = pathname === item.href;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={() => setOpen(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex h-12 items-center gap-3 rounded-xl px-3 font-medium',
                        active ? 'bg-primary-soft text-fg' : 'text-fg-muted hover:bg-muted',
                      )}
                    >
                      <Icon name={item.icon} className={cn('text-xl', active && 'text-primary')} />
                      {t(item.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="border-border mt-auto flex flex-col gap-3 border-t pt-4">
            <LanguageSwitcher className="self-start" />
            <ThemeSwitcher className="self-start" />
            <SessionSummary session={session} onNavigate={() => setOpen(false)} />
            {session === 'account' ? (
              <LogOutButton
                variant="ghost"
                className="text-fg-muted h-11 cursor-pointer justify-start gap-3 px-3 text-base font-medium"
              >
                <Icon name="logout" className="text-xl" />
                {t('logout')}
              </LogOutButton>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
