'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { DiaryData } from '@/components/layout/diary-data';
import { Button } from '@/components/ui/button';
import { hasGuestDiary, useDataMode, useSettings } from '@/lib/data';
import { routes } from '@/lib/routes';
import { BottomNavToggle } from './bottom-nav-toggle';
import { LanguageSwitcher } from './language-switcher';
import { SettingsCard } from './settings-card';
import { ThemeSwitcher } from './theme-switcher';

// Both forms validate with zod; they load right after the page rather than with it.
const GoalSettings = dynamic(() => import('./goal-settings').then((module) => module.GoalSettings), {
  ssr: false,
});
const DataSettings = dynamic(() => import('./data-settings').then((module) => module.DataSettings), {
  ssr: false,
});
const AccountSettings = dynamic(() => import('./account-settings').then((module) => module.AccountSettings), {
  ssr: false,
});
const GuestImportOffer = dynamic(
  () => import('@/components/auth/guest-import-offer').then((module) => module.GuestImportOffer),
  { ssr: false },
);

/** The parts of settings kept in the diary's storage: goal and calculator, appearance, data. */
export default function SettingsView({ bottomNav }: { bottomNav: boolean }) {
  return (
    <DiaryData>
      <SettingsPanels bottomNav={bottomNav} />
    </DiaryData>
  );
}

function SettingsPanels({ bottomNav }: { bottomNav: boolean }) {
  const t = useTranslations('settings');
  const tPage = useTranslations('pages.settings');
  const tNav = useTranslations('nav');
  const settings = useSettings();
  const mode = useDataMode();
  const queryClient = useQueryClient();
  const isAccount = mode === 'account';
  // A guest diary left in this browser can still be brought into the account from here.
  const [guestDiaryHere, setGuestDiaryHere] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is only known in the browser
    if (isAccount) setGuestDiaryHere(hasGuestDiary(localStorage));
  }, [isAccount]);

  if (!settings.data) return <div className="bg-muted h-64 animate-pulse rounded-3xl" aria-hidden="true" />;
  return (
    <>
      {isAccount && guestDiaryHere ? (
        <SettingsCard title={t('account.guestDiary')}>
          <GuestImportOffer
            headingLevel="h3"
            onDone={(imported) => {
              setGuestDiaryHere(false);
              if (imported) void queryClient.invalidateQueries();
            }}
          />
        </SettingsCard>
      ) : null}
      <SettingsCard title={t('profile')}>
        <GoalSettings key={settings.data.updatedAt} settings={settings.data} />
      </SettingsCard>
      <SettingsCard title={tPage('appearance')} lead={tPage('appearanceLead')}>
        <Row label={tPage('language')}>
          <LanguageSwitcher />
        </Row>
        <Row label={tPage('theme')}>
          <ThemeSwitcher />
        </Row>
        <BottomNavToggle initial={bottomNav} label={tPage('bottomNav')} hint={tPage('bottomNavHint')} />
      </SettingsCard>
      <SettingsCard title={t('data')} id="data">
        <DataSettings settings={settings.data} />
      </SettingsCard>
      {/* Account management last: people come here for their goal and preferences far more often. */}
      {isAccount ? (
        <SettingsCard title={t('account.title')} id="account">
          <AccountSettings email={settings.data.email} />
        </SettingsCard>
      ) : null}
      {mode === 'guest' ? (
        <SettingsCard title={t('account.guestTitle')} lead={t('account.guestLead')} id="account">
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href={routes.register}>{tNav('createAccount')}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href={routes.login}>{tNav('login')}</Link>
            </Button>
          </div>
        </SettingsCard>
      ) : null}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="font-medium">{label}</span>
      {children}
    </div>
  );
}
