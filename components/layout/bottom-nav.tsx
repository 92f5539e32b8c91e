'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { NavLink } from './nav-link';
import { navItems } from './nav-items';

/** The phone's bottom navigation bar (hidden from 756 px up by CSS). */
export function BottomNav() {
  const t = useTranslations('nav');
  const pathname = usePathname();

  return (
    <nav
      aria-label={t('label')}
      data-testid="bottom-nav"
      className="border-border bg-surface/95 fixed inset-x-0 bottom-0 z-40 border-t pb-[env(safe-area-inset-bottom)] backdrop-blur desk:hidden print:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4">
        {navItems.map((item) => {
          const active = pathname === item.href;
          return (
            <li key={item.href}>
              <NavLink
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                  active ? 'text-fg' : 'text-fg-muted',
                )}
              >
                <span
                  className={cn(
                    'grid h-7 w-12 place-items-center rounded-full text-xl transition',
                    active && 'bg-primary-soft text-primary',
                  )}
                >
                  <Icon name={item.icon} />
                </span>
                {t(item.label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
