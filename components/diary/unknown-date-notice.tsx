'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Icon } from '@/components/ui/icon';

/**
 * Says that the link's `?date=` named no day (2026-13-45, say) and that the diary shows today
 * instead. The address loses the bad date at once, so a reload or a bookmark opens today plainly.
 */
export function UnknownDateNotice({ value }: { value: string }) {
  const t = useTranslations('diary');
  const [shown, setShown] = useState(true);

  useEffect(() => {
    // Next.js keeps its router in step with the History API, and nothing needs to load again.
    const url = new URL(window.location.href);
    url.searchParams.delete('date');
    window.history.replaceState(null, '', url);
  }, []);

  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="unknown-date-notice"
      className="flex items-start gap-2 rounded-2xl border border-amber-400/50 bg-amber-400/10 p-3 text-sm"
    >
      <Icon name="warning" className="mt-0.5 shrink-0 text-lg text-amber-600 dark:text-amber-400" />
      <p className="min-w-0 flex-1 break-words">{t('unknownDate', { value })}</p>
      <button
        type="button"
        aria-label={t('dismissNotice')}
        className="hover:bg-muted -m-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg"
        onClick={() => setShown(false)}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
