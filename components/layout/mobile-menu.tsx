'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import type { SessionState } from '@/lib/session/state';

// The drawer (Radix Dialog, focus trap, scroll lock) loads on the first press of the button.
const MobileMenuDrawer = dynamic(
  () => import('./mobile-menu-drawer').then((module) => module.MobileMenuDrawer),
  {
    ssr: false,
  },
);

/** app-main on a phone: the menu button opens the side menu as a drawer. */
export function MobileMenu({ session }: { session: SessionState }) {
  const t = useTranslations('nav');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={t('menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="hover:bg-muted -ml-2 grid size-10 cursor-pointer place-items-center rounded-xl text-2xl"
      >
        <Icon name="menu" />
      </button>
      {wanted ? (
        <MobileMenuDrawer session={session} open={open} onOpenChange={setOpen} triggerRef={trigger} />
      ) : null}
    </>
  );
}
