import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LogoutRunner } from '@/components/auth/logout-runner';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('nav');
  return { title: t('logout') };
}

/** /Logout: middleware has already dropped the session cookie; the runner clears the browser side. */
export default async function LogoutPage() {
  const t = await getTranslations('auth');
  return (
    <p role="status" className="text-fg-muted text-center">
      <LogoutRunner />
      {t('loggingOut')}
    </p>
  );
}
