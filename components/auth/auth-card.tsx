import { getTranslations } from 'next-intl/server';
import { AuthForm } from './auth-form';
import { ContinueAsGuest } from './continue-as-guest';

/** The content of /Login and /Register: heading, form, and the guest way in. */
export async function AuthCard({ mode }: { mode: 'login' | 'register' }) {
  const t = await getTranslations('auth');
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
          <ContinueAsGuest size="lg" variant="secondary" className="w-full" />
        </>
      }
    />
  );
}
