'use client';

import { useTranslations } from 'next-intl';
import { isUnnamed, useAccountProfile } from '@/lib/session/profile';
import type { SessionState } from '@/lib/session/state';
import { routes } from '@/lib/navigation/routes';
import { NavLink } from './nav-link';

/**
 * Who is using the diary, in the menus: an account by its name and email (by its email alone
 * when it has no name, never as "Guest"); a guest with the ways to an account. A guest is not
 * offered "Log out": there is no account to leave, and the diary stays in this browser anyway.
 */
export function SessionSummary({ session, onNavigate }: { session: SessionState; onNavigate?: () => void }) {
  const t = useTranslations('nav');
  const profile = useAccountProfile();
  if (session === 'account') {
    const named = profile && !isUnnamed(profile.name);
    return (
      <div className="min-w-0 flex-1 px-1">
        <p className="truncate text-sm font-medium" data-testid="account-name">
          {named ? profile.name : (profile?.email ?? t('account'))}
        </p>
        <p className="text-fg-muted truncate text-xs" data-testid={named ? 'account-email' : undefined}>
          {named ? profile.email : t('accountHint')}
        </p>
      </div>
    );
  }
  return (
    <div className="min-w-0 flex-1 px-1">
      <p className="truncate text-sm font-medium">{t('guest')}</p>
      <p className="text-fg-muted truncate text-xs">{t('guestHint')}</p>
      <p className="flex flex-wrap gap-x-3 text-xs font-semibold">
        <NavLink
          href={routes.register}
          onClick={onNavigate}
          className="text-primary-strong inline-flex min-h-6 items-center underline-offset-4 hover:underline"
        >
          {t('createAccount')}
        </NavLink>
        <NavLink
          href={routes.login}
          onClick={onNavigate}
          className="text-primary-strong inline-flex min-h-6 items-center underline-offset-4 hover:underline"
        >
          {t('login')}
        </NavLink>
      </p>
    </div>
  );
}
