'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorView } from '@/components/errors/error-view';
import { Icon } from '@/components/ui/icon';

/** Any failure below the root layout: the seed's "Internal Server Error", with a retry. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations('errors');

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <ErrorView
      code={500}
      title={t('internal')}
      body={t('internalBody')}
      homeLabel={t('goHome')}
      action={
        <button
          type="button"
          onClick={reset}
          className="bg-primary text-on-primary inline-flex h-10 cursor-pointer items-center gap-2 rounded-xl px-4 text-sm font-semibold"
        >
          <Icon name="refresh" className="text-lg" />
          {t('tryAgain')}
        </button>
      }
    />
  );
}
