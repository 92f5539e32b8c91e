'use client';

import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { locales } from '@/lib/i18n/config';
import { useLanguage } from '@/lib/preferences/language';

const flags = { en: 'flagEn', ru: 'flagRu' } as const;

/** Two flag buttons (circle-flags uk and ru); `compact` shows the flags only. */
export function LanguageSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations('language');
  const { language: current, setLanguage, pending } = useLanguage();

  return (
    <div
      role="group"
      aria-label={t('label')}
      className={cn('bg-muted inline-flex rounded-xl p-1', pending && 'opacity-70', className)}
    >
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          aria-label={compact ? t(locale) : undefined}
          title={compact ? t(locale) : undefined}
          onClick={() => locale !== current && setLanguage(locale)}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-medium transition',
            locale === current ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
        >
          <Icon name={flags[locale]} className="text-lg" />
          {compact ? null : <span>{t(locale)}</span>}
        </button>
      ))}
    </div>
  );
}
