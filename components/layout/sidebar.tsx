'use client';

import { LogOutButton } from '@/components/auth/log-out-button';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';
import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/ui/cn';
import { setBrowserCookie } from '@/lib/browser/cookies';
import { PREFERENCE_MAX_AGE, SIDEBAR_COOKIE, type SidebarState } from '@/lib/preferences/cookies';
import { routes } from '@/lib/navigation/routes';
import { NavLink } from './nav-link';
import { navItems } from './nav-items';
import { SessionSummary } from './session-summary';
import type { SessionState } from '@/lib/session/state';
import { openCommandPalette } from '@/components/command-palette/events';

/**
 * The desktop side menu of app-main: open by default, collapsible to an icon rail; the choice
 * is kept in a cookie so the next server render already has it. Hidden below 756 px by CSS.
 */
export function Sidebar({ initialState, session }: { initialState: SidebarState; session: SessionState }) {
  const t = useTranslations('nav');
  const tApp = useTranslations('app');
  const pathname = usePathname();
  const [state, setState] = useState(initialState);
  const collapsed = state === 'collapsed';

  function toggle() {
    const next: SidebarState = collapsed ? 'open' : 'collapsed';
    setState(next);
    setBrowserCookie(SIDEBAR_COOKIE, next, PREFERENCE_MAX_AGE);
  }

  return (
    <aside
      data-state={state}
      className={cn(
        'border-border bg-surface sticky top-0 hidden h-dvh shrink-0 flex-col border-r transition-[width] duration-200 desk:flex print:hidden',
        collapsed ? 'w-[4.5rem]' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 items-center gap-2 px-4', collapsed && 'justify-center px-0')}>
        <NavLink
          href={routes.dashboard}
          className="flex min-w-0 items-center gap-2.5 rounded-lg font-semibold tracking-tight"
        >
          <span className="bg-primary text-on-primary grid size-9 shrink-0 place-items-center rounded-xl text-xl">
            <Icon name="logo" />
          </span>
          {collapsed ? (
            <span className="sr-only">{tApp('name')}</span>
          ) : (
            <span className="truncate">{tApp('name')}</span>
          )}
        </NavLink>
      </div>

      <nav aria-label={t('label')} className="flex-1 px-3 py-2">
        <ul className="flex flex-col gap-1">
          {navItems.map((item) => {
            const active = pathname === item.href;
            const link = (
              <NavLink
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium transition',
                  active ? 'bg-primary-soft text-fg' : 'text-fg-muted hover:bg-muted hover:text-fg',
                  collapsed && 'justify-center px-0',
                )}
              >
                <Icon name={item.icon} className={cn('text-xl', active && 'text-primary')} />
                {collapsed ? <span className="sr-only">{t(item.label)}</span> : t(item.label)}
              </NavLink>
            );
            return (
              <li key={item.href}>
                {collapsed ? (
                  <Tooltip content={t(item.label)} side="right">
                    {link}
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className={cn('border-border flex flex-col gap-3 border-t p-3', collapsed && 'items-center')}>
        <button
          type="button"
          onClick={openCommandPalette}
          className={cn(
            'border-border text-fg-muted hover:text-fg flex h-10 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm',
            collapsed && 'w-10 justify-center px-0',
          )}
        >
          <Icon name="search" className="text-lg" />
          {collapsed ? (
            <span className="sr-only">{t('search')}</span>
          ) : (
            <>
              <span className="flex-1 text-left">{t('search')}</span>
              <kbd className="bg-muted rounded px-1.5 py-0.5 font-sans text-xs">Ctrl K</kbd>
            </>
          )}
        </button>
        {collapsed ? null : (
          <>
            <LanguageSwitcher compact className="self-start" />
            <ThemeSwitcher compact className="self-start" />
          </>
        )}
        <div className={cn('flex items-center gap-2', collapsed && 'flex-col')}>
          {collapsed ? null : <SessionSummary session={session} />}
          {session === 'account' ? (
            <Tooltip content={t('logout')} side={collapsed ? 'right' : 'top'}>
              <LogOutButton
                variant="ghost"
                size="icon"
                aria-label={t('logout')}
                className="text-fg-muted hover:text-fg cursor-pointer"
              >
                <Icon name="logout" />
              </LogOutButton>
            </Tooltip>
          ) : null}
          <Tooltip content={collapsed ? t('expand') : t('collapse')} side={collapsed ? 'right' : 'top'}>
            <button
              type="button"
              onClick={toggle}
              aria-label={collapsed ? t('expand') : t('collapse')}
              aria-expanded={!collapsed}
              className="text-fg-muted hover:bg-muted hover:text-fg grid size-10 cursor-pointer place-items-center rounded-xl text-xl"
            >
              <Icon name={collapsed ? 'expand' : 'collapse'} />
            </button>
          </Tooltip>
        </div>
      </div>
    </aside>
  );
}
