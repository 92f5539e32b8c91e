import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AppPage } from '@/components/layout/app-page';
import { SettingsView } from '@/components/diary/lazy-views';
import { BOTTOM_NAV_COOKIE, parseBottomNav } from '@/lib/preferences/cookies';
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

  // Every card renders in the browser, together (components/settings/settings-panels.tsx): the
  // offline and session cards rendered here sat below the view and were pushed down as it
  // loaded, which made up most of the page's layout shift.
  return (
    <AppPage title={t('title')} returnable>
      <SettingsView bottomNav={bottomNav} session={session} />
    </AppPage>
  );
}
