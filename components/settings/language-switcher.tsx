'use client';

import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/ui/cn';
import { isLocale, locales } from '@/lib/i18n/config';
import { useLanguage } from '@/lib/preferences/language';

const flags = { en: 'flagEn', ru: 'flagRu' } as const;

/** Two flags (circle-flags uk and ru) with their names; `compact` shows the flags only. */
export function LanguageSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations('language');
  const { language, setLanguage, pending } = useLanguage();

  return (
    <ToggleGroup
      aria-label={t('label')}
      value={language}
      onValueChange={(next) => isLocale(next) && setLanguage(next)}
      size="sm"
      className={cn(pending && 'opacity-70', className)}
    >
      {locales.map((locale) => (
        <ToggleGroupItem
          key={locale}
          value={locale}
          lang={locale}
          aria-label={compact ? t(locale) : undefined}
          title={compact ? t(locale) : undefined}
        >
          <Icon name={flags[locale]} className="text-lg" />
          {compact ? null : <span>{t(locale)}</span>}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
