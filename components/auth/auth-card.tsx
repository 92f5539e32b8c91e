import Link from 'next/link';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { routes } from '@/lib/navigation/routes';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';
import { AuthForm } from './auth-form';
import { ContinueAsGuest } from './continue-as-guest';

/** The content of /Login and /Register: heading, form, and the guest way in. */
export async function AuthCard({ mode }: { mode: 'login' | 'register' }) {
  const t = await getTranslations('auth');
  // Someone already using the diary as a guest is offered the way back to it, not a new start.
  const guest = parseSessionState((await cookies()).get(SESSION_STATE_COOKIE)?.value) === 'guest';
  return (
    <AuthForm
      mode={mode}
      header={
        <>
          <h1 className="text-2xl font-bold tracking-tight">
            {mode === 'login' ? t('loginTitle') : t('registerTitle')}
          </h1>
          <p className="text-fg-muted mt-1.5 mb-6">{mode === 'login' ? t('loginLead') : t('registerLead')}</p>
        </>
      }
      guestWayIn={
        <>
          <div className="text-fg-muted my-6 flex items-center gap-3 text-xs tracking-wide uppercase">
            <span className="bg-border h-px flex-1" />
            {t('or')}
            <span className="bg-border h-px flex-1" />
          </div>
          {guest ? (
            <div className="grid gap-3">
              <p className="text-fg-muted text-sm">{t('alreadyGuest')}</p>
              <Button asChild size="lg" variant="secondary" className="w-full">
                <Link href={routes.dashboard}>
                  <Icon name="guest" className="text-lg" />
                  {t('backToGuestDiary')}
                </Link>
              </Button>
            </div>
          ) : (
            <ContinueAsGuest size="lg" variant="secondary" className="w-full" />
          )}
        </>
      }
    />
  );
}
