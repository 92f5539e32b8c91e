'use client';

import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { useMounted } from '@/lib/hooks/use-mounted';
import { cn } from '@/lib/cn';
import { useThemePreference } from '@/lib/preferences/theme';
import { themes } from '@/lib/theme';

/** Light / dark / system as a segmented control; the choice is kept under `nuxt-color-mode`. */
export function ThemeSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations('theme');
  const { theme, setTheme } = useThemePreference();
  // The stored theme is known only in the browser; until then no segment claims to be chosen.
  const mounted = useMounted();

  return (
    <div
      role="group"
      aria-label={t('label')}
      className={cn('bg-muted inline-flex rounded-xl p-1', className)}
    >
      {themes.map((option) => {
        return (
          <button
            key={option}
            type="button"
            aria-pressed={mounted ? theme === option : undefined}
            aria-label={compact ? t(option) : undefined}
            title={compact ? t(option) : undefined}
            onClick={() => setTheme(option)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-medium transition',
              mounted && theme === option ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon name={option} className="text-lg" />
            {compact ? null : <span>{t(option)}</span>}
          </button>
        );
      })}
    </div>
  );
}
