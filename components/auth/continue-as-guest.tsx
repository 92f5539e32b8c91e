'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { startDiaryInLanguage, useLanguage } from '@/lib/preferences/language';
import { nextPathOfThisPage } from '@/lib/navigation/routes';
import { startGuestSession } from '@/lib/session/client';

/** Starts a guest session and goes on to the diary (or to the page the visitor was sent away from). */
export function ContinueAsGuest({
  className,
  size = 'lg',
  variant = 'primary',
}: {
  className?: string;
  size?: 'md' | 'lg';
  /** Secondary where another action is the page's main one (the log-in and register forms). */
  variant?: 'primary' | 'secondary';
}) {
  const t = useTranslations('auth');
  const router = useRouter();
  const { language } = useLanguage();

  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      className={className}
      data-testid="continue-as-guest"
      onClick={() => {
        startGuestSession();
        startDiaryInLanguage(language);
        router.push(nextPathOfThisPage());
      }}
    >
      <Icon name="guest" className="text-lg" />
      {t('continueAsGuest')}
    </Button>
  );
}
