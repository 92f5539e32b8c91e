'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { routes } from '@/lib/navigation/routes';

/** A guest's way to an account where a feature needs the server: register, or log in. */
export function AccountOffer() {
  const t = useTranslations('nav');
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild>
        <Link href={routes.register}>{t('createAccount')}</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link href={routes.login}>{t('login')}</Link>
      </Button>
    </div>
  );
}
