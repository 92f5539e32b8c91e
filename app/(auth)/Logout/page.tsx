import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LogOutButton } from '@/components/auth/log-out-button';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { routes } from '@/lib/navigation/routes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('nav');
  return { title: t('logout') };
}

/**
 * /Logout asks before it logs out: a page another site can open (a link, an image) must change
 * nothing, so logging out is the button's POST. The app's own menus log out directly.
 */
export default async function LogoutPage() {
  const t = await getTranslations('auth.logoutConfirm');
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-fg-muted mt-1.5">{t('lead')}</p>
      </div>
      <div className="grid gap-3">
        <LogOutButton size="lg">
          <Icon name="logout" className="text-xl" />
          {t('confirm')}
        </LogOutButton>
        <Button asChild size="lg" variant="secondary">
          <Link href={routes.dashboard}>{t('cancel')}</Link>
        </Button>
      </div>
    </div>
  );
}
