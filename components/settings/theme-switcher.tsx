'use client';

import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useMounted } from '@/lib/hooks/use-mounted';
import { useThemePreference } from '@/lib/preferences/theme';
import { isTheme, themes } from '@/lib/preferences/themes';

/** Light / dark / system; the choice is kept under `nuxt-color-mode` and in the settings. */
export function ThemeSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations('theme');
  const { theme, setTheme } = useThemePreference();
  // The stored theme is known only in the browser; until then no item claims to be chosen.
  const mounted = useMounted();

  return (
    <ToggleGroup
      aria-label={t('label')}
      value={mounted ? (theme ?? '') : ''}
      onValueChange={(next) => isTheme(next) && setTheme(next)}
      size="sm"
      className={className}
    >
      {themes.map((option) => (
        <ToggleGroupItem
          key={option}
          value={option}
          aria-label={compact ? t(option) : undefined}
          title={compact ? t(option) : undefined}
        >
          <Icon name={option} className="text-lg" />
          {compact ? null : <span>{t(option)}</span>}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
