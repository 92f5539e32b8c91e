import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { BottomNavToggle } from '@/components/settings/bottom-nav-toggle';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { OfflineStatus } from '@/components/settings/offline-status';
import { SettingsCard, SettingsPanels } from '@/components/settings/settings-panels';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';
import { Icon } from '@/components/ui/icon';
import { BOTTOM_NAV_COOKIE, parseBottomNav } from '@/lib/preferences';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';
import type { ReactNode } from 'react';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.settings');
  return { title: t('title') };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="font-medium">{label}</span>
      {children}
    </div>
  );
}

export default async function SettingsPage() {
  const t = await getTranslations('pages.settings');
  const cookieStore = await cookies();
  const bottomNav = parseBottomNav(cookieStore.get(BOTTOM_NAV_COOKIE)?.value);
  const session = parseSessionState(cookieStore.get(SESSION_STATE_COOKIE)?.value);

  return (
    <AppPage title={t('title')} returnable>
      <div className="grid gap-6">
        <SettingsPanels />
        <SettingsCard title={t('appearance')} lead={t('appearanceLead')}>
          <Row label={t('language')}>
            <LanguageSwitcher />
          </Row>
          <Row label={t('theme')}>
            <ThemeSwitcher />
          </Row>
          <BottomNavToggle initial={bottomNav} label={t('bottomNav')} hint={t('bottomNavHint')} />
        </SettingsCard>
        <SettingsCard title={t('offline')}>
          <OfflineStatus />
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
