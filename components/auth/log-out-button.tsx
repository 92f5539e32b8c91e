'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { logOut } from '@/lib/session/client';

/**
 * A button that logs out at once (lib/session/client.ts). The app's menus use it instead of a
 * link to /Logout: opening a page must never log anyone out, or any site could do it.
 */
export function LogOutButton({ children, ...props }: Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const t = useTranslations('auth');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void logOut();
      }}
      {...props}
    >
      {children ?? t('logoutConfirm.confirm')}
    </Button>
  );
}
