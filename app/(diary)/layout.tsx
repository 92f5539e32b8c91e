import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { BottomNav } from '@/components/layout/bottom-nav';
import { IntlWarmUp } from '@/components/layout/intl-warm-up';
import { Sidebar } from '@/components/layout/sidebar';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';
import {
  BOTTOM_NAV_COOKIE,
  parseBottomNav,
  parseSidebarState,
  SIDEBAR_COOKIE,
} from '@/lib/preferences/cookies';

/** The signed-in shell: side menu on desktop, bottom bar on phones; each page brings its top bar. */
export default async function DiaryLayout({ children }: { children: ReactNode }) {
  const cookieStore = await cookies();
  const bottomNav = parseBottomNav(cookieStore.get(BOTTOM_NAV_COOKIE)?.value);
  const sidebar = parseSidebarState(cookieStore.get(SIDEBAR_COOKIE)?.value);
  const session = parseSessionState(cookieStore.get(SESSION_STATE_COOKIE)?.value);

  return (
    <div data-bottom-nav={bottomNav ? 'on' : 'off'} className="group/shell flex min-h-dvh">
      <IntlWarmUp />
      <Sidebar initialState={sidebar} session={session} />
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      {bottomNav ? <BottomNav /> : null}
    </div>
  );
}
