import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { OfflineStatus } from '@/components/settings/offline-status';
import { SettingsView } from '@/components/diary/lazy-views';
import { SettingsCard } from '@/components/settings/settings-card';
import { Icon } from '@/components/ui/icon';
import { BOTTOM_NAV_COOKIE, parseBottomNav } from '@/lib/preferences';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.settings');
  return { title: t('title') };
}

export default async function SettingsPage() {
  const t = await getTranslations('pages.settings');
  const cookieStore = await cookies();
  const bottomNav = parseBottomNav(cookieStore.get(BOTTOM_NAV_COOKIE)?.value);
  const session = parseSessionState(cookieStore.get(SESSION_STATE_COOKIE)?.value);

  return (
    <AppPage title={t('title')} returnable>
      <div className="grid gap-6">
        <SettingsView bottomNav={bottomNav} />
        <SettingsCard title={t('offline')}>
          <OfflineStatus session={session} />
        </SettingsCard>
        <SettingsCard title={t('session')}>
          <p className="flex items-start gap-2 text-sm">
            <Icon name={session === 'account' ? 'lock' : 'user'} className="text-fg-muted mt-0.5 text-lg" />
            {session === 'account' ? t('accountSession') : t('guestSession')}
          </p>
        </SettingsCard>
      </div>
    </AppPage>
  );
}
