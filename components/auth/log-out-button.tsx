'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { logOut } from '@/lib/session/client';

/**
 * A button that logs out at once (lib/session/client.ts). The app's menus use it instead of a
 * link to /Logout: opening a page must never log anyone out, or any site could do it.
 */
export function LogOutButton({ children, onClick, ...props }: ComponentProps<typeof Button>) {
  const t = useTranslations('auth');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      {...props}
      disabled={busy}
      aria-busy={busy}
      onClick={(event) => {
        // A wrapper's handler (a tooltip's trigger) runs too; it must not replace this one.
        onClick?.(event);
        setBusy(true);
        void logOut();
      }}
    >
      {children ?? t('logoutConfirm.confirm')}
    </Button>
  );
}
