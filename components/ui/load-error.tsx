'use client';

import { useTranslations } from 'next-intl';
import { Button } from './button';

/**
 * Data that could not be read (an account offline, a server error): said plainly, with a retry,
 * instead of an empty diary that would look like nothing was logged.
 */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations('ui');
  return (
    <div
      role="alert"
      data-testid="load-error"
      className="border-error/40 bg-error/10 flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-4 py-3 text-sm"
    >
      <span>{t('loadFailed')}</span>
      <Button type="button" size="sm" variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
